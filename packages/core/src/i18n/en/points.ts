export default {
  historyTitle: 'Points history',
  date: 'Date',
  change: 'Change',
  balanceAfter: 'Balance',
  detail: 'Detail',
  empty: 'No points history yet',
  reasons: {
    grant: 'Welcome grant',
    monthly_grant: 'Monthly package points',
    topup: 'Top-up',
    spend: 'Generation',
    refund: 'Refund',
    invite_reward: 'Invite reward',
    expiry: 'Expired',
    admin_adjust: 'Adjustment by the operator',
  },
  orderRefund: 'Order refunded',
};
