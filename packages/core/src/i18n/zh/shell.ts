export default {
  loginOrRegister: '注册/登录',
  logout: '退出登录',
} as const;
