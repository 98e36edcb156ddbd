export default {
  codeText: '【灵感商拍】您的验证码是 {{code}}，{{minutes}} 分钟内有效。如非本人操作，请忽略本消息。',
  codeSubject: '灵感商拍验证码：{{code}}',
  captchaText: '图形验证码：{{code}}',
} as const;
