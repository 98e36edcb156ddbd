import { CodeField as KitCodeField, LoginSetupProvider } from '@productimage/kit/login';
import type { ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import { webLoginSetup } from './loginSetup.ts';

/** The kit's code field (captcha, send, countdown) outside the login modal, e.g. account settings. */
export function CodeField(props: ComponentProps<typeof KitCodeField>) {
  const [params] = useSearchParams();
  return (
    <LoginSetupProvider setup={webLoginSetup(params)}>
      <KitCodeField {...props} />
    </LoginSetupProvider>
  );
}
