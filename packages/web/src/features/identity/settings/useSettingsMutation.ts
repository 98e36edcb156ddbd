import type { ApiBody } from '@productimage/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';
import { CURRENT_USER_KEY } from '../accounts/session.ts';

/** Personal-settings calls (server settings domain); each success reloads the user. */
export function useSettingsMutation<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}

type Body<P extends '/api/settings/bind' | '/api/settings/password'> = ApiBody<'post', P>;

export const updateProfile = (body: ApiBody<'put', '/api/settings/profile'>) => api.PUT('/api/settings/profile', { body });
export const bindAccount = (body: Body<'/api/settings/bind'>) => api.POST('/api/settings/bind', { body });
export const changePassword = (body: Body<'/api/settings/password'>) => api.POST('/api/settings/password', { body });
export const logoutEverywhere = () => api.POST('/api/settings/logout-all');
