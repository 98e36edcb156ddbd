export default {
  codeText:
    'Your InspoShot verification code is {{code}}. It is valid for {{minutes}} minutes. If you did not ask for it, ignore this message.',
  codeSubject: 'InspoShot verification code: {{code}}',
  captchaText: 'Image captcha answer: {{code}}',
} as const;
