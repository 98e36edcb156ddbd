/**
 * The three documents of /user-agreement (spec 000 §2): user agreement, privacy policy and the
 * third-party sharing list. Plain, short and true to what the product does.
 */
export default {
  documents: 'Documents',
  lastUpdated: 'Last updated: {{date}}',
  contact: 'Questions? Call customer service on {{phone}}.',
  contactHelp: 'or read the help centre',
  userAgreement: {
    title: 'User Agreement',
    updated: '2026/11/21',
    intro:
      'This agreement is between you and the operator of InspoShot, an online service that creates product images, videos and marketing text with AI for merchants. By registering or logging in you accept it.',
    sections: [
      {
        heading: '1. Your account',
        paragraphs: [
          'You register with a phone number (or an e-mail address) that you control. Keep your password and verification codes to yourself; actions taken with your account are treated as yours.',
          'One person or company may hold several accounts, but you may not sell, lend or share an account.',
        ],
      },
      {
        heading: '2. Coins and memberships',
        paragraphs: [
          'Generation is paid for with coins (spirit stones). New accounts receive 500 free coins once. Memberships add a monthly coin allowance; top-up packs add coins with their own validity date.',
          'Coins are spent in this order: top-up packs, then the membership package, then free coins. A task that fails or that you stop returns its coins. Coins have no cash value and cannot be transferred.',
        ],
      },
      {
        heading: '3. Your content',
        paragraphs: [
          'You keep the rights to the images and text you upload and to the results generated for you. You grant us only what we need to run the service: storing, processing and showing your files to you.',
          'Upload only material you have the right to use. Do not upload content that is illegal, infringes others’ rights, shows people without their consent, or deceives buyers.',
        ],
      },
      {
        heading: '4. AI results',
        paragraphs: [
          'Results are produced automatically and may contain mistakes or resemble other works. Check them before publishing, in particular product details, prices and claims.',
        ],
      },
      {
        heading: '5. Service changes and ending',
        paragraphs: [
          'We may change or pause features with notice where possible. We may suspend accounts that break this agreement or the law. You may stop using the service at any time and ask us to delete your account.',
        ],
      },
      {
        heading: '6. Liability and law',
        paragraphs: [
          'The service is provided as it is. Our liability for any claim is limited to the amount you paid us in the twelve months before it. This agreement is governed by the laws of the People’s Republic of China.',
        ],
      },
    ],
  },
  privacyPolicy: {
    title: 'Privacy Policy',
    updated: '2026/11/21',
    intro:
      'This policy explains which personal information InspoShot collects, why, and what you can do about it. We collect only what the service needs.',
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: [
          'Account data: phone number or e-mail address, a password stored only as a one-way hash, and the time you registered.',
          'Content: images and text you upload and the results generated for you.',
          'Usage and payment data: coin balance and ledger, orders and payment status, and technical logs (IP address, browser) kept for security.',
        ],
      },
      {
        heading: '2. Why we use it',
        paragraphs: [
          'To log you in, send verification codes, run the generation tasks you ask for, keep your coin balance correct, process payments, and protect the service against abuse.',
          'We do not sell your personal information and do not use your uploads to train models.',
        ],
      },
      {
        heading: '3. How long we keep it',
        paragraphs: [
          'Generation history is kept for the period of your membership tier (7 days for free accounts, up to one year). Account and payment records are kept while your account exists and as long as the law requires afterwards.',
        ],
      },
      {
        heading: '4. Sharing',
        paragraphs: [
          'We share information with service providers only as far as they need it to do their job for us; the third-party sharing list names them.',
        ],
      },
      {
        heading: '5. Your rights',
        paragraphs: [
          'You can see, correct and delete your information, withdraw consent and close your account. Contact us and we answer within 15 working days.',
        ],
      },
      {
        heading: '6. Security',
        paragraphs: [
          'Connections are encrypted (HTTPS). Passwords are hashed with a memory-hard function, login tokens are stored hashed and stop working when you log out.',
        ],
      },
    ],
  },
  three: {
    title: 'Third-party Sharing List',
    updated: '2026/11/21',
    intro:
      'These are the kinds of outside services that may receive your information when the operator of this installation enables them. Each receives only the fields listed, for the purpose listed.',
    columns: { party: 'Service', purpose: 'Purpose', data: 'Information shared' },
    parties: [
      { party: 'SMS provider', purpose: 'Sending login and registration codes', data: 'Phone number, verification code' },
      { party: 'E-mail provider (SMTP)', purpose: 'Sending e-mail codes and notices', data: 'E-mail address, message text' },
      {
        party: 'Alipay, WeChat Pay',
        purpose: 'Paying for memberships and coin packs',
        data: 'Order number, amount, product name',
      },
      {
        party: 'Object storage (S3-compatible)',
        purpose: 'Storing uploads and generated files',
        data: 'Your uploaded and generated files',
      },
      {
        party: 'AI compute providers',
        purpose: 'Running the image, video and text generation you ask for',
        data: 'The files and text of that task',
      },
      {
        party: 'Partner sites and mini-programs',
        purpose: 'Logging you in when you arrive from them',
        data: 'Account identifier, login token',
      },
    ],
  },
} as const;
