export default {
  loginOrRegister: 'Register / Log in',
  logout: 'Log out',
} as const;
