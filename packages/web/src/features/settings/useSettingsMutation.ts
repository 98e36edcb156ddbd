import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { CURRENT_USER_KEY } from '../auth/session.ts';

/** Personal-settings calls (server settings domain); each success reloads the user. */
export function useSettingsMutation<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}

export const updateProfile = (input: { userName?: string; companyName?: string }) => api.put('/api/settings/profile', input);
export const bindAccount = (input: { mobileId: string; verifyCode: string }) =>
  api.post<{ kind: 'phone' | 'email' }>('/api/settings/bind', input);
export const changePassword = (input: { oldPassword?: string; password: string }) => api.post('/api/settings/password', input);
export const logoutEverywhere = () => api.post('/api/settings/logout-all');
