export default {
  historyTitle: '灵石明细',
  date: '日期',
  change: '变动',
  balanceAfter: '余额',
  detail: '说明',
  empty: '暂无灵石记录',
  reasons: {
    grant: '新用户赠送',
    monthly_grant: '套餐月度灵石',
    topup: '加油包充值',
    spend: '生成消耗',
    refund: '退还',
    invite_reward: '邀请奖励',
    expiry: '过期',
    admin_adjust: '运营调整',
  },
  orderRefund: '订单退款',
};
