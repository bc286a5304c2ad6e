/** The personal centre's applications (namespace `applicationsCentre`, zh; issue 21 item 7). */
export const applicationsCentre = {
  title: '我的申请',
  empty: '你还没有提交过申请。',
  applyExpert: '申请成为驻站专家',
  applyMvp: '申请 MVP',
  applyCooperation: '申请成为合作伙伴',
  submitted: '提交于',
  reason: '未通过原因：{{reason}}',
  edit: '修改',
  resubmit: '修改并重新提交',
  view: '查看',
  status: {
    0: '草稿',
    10: '审核中',
    20: '已通过',
    30: '未通过',
    40: '已撤回',
  },
};
