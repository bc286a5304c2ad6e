/** Review statuses and decisions as members see them (namespace `reviews`, zh). */
export const reviews = {
  status: {
    10: '待审核',
    20: '已通过',
    30: '未通过',
    40: '已撤回',
  },
  api: {
    kindInvalid: '审核类型不正确',
    statusInvalid: '审核状态不正确',
    daysInvalid: '天数须为 0 到 3650 之间的整数',
    idsRequired: '请选择要审核的内容',
    tooMany: '一次最多审核 50 条',
    decisionInvalid: '请选择通过或驳回',
    reasonRequired: '请填写驳回原因',
    reasonRule: '驳回原因不超过 500 个字',
    notFound: '该审核内容不存在',
    approved: '已通过',
    rejected: '已驳回',
    alreadyDecided: '{{nick}} 已于 {{time}} 处理了该内容（{{status}}），无需重复审核',
    alreadyWithdrawn: '作者已于 {{time}} 撤回该内容',
    forbidden: '你没有审核该内容的权限',
    itemGone: '该内容已被删除，无法审核',
    decidedCount: '已处理 {{count}} 条',
  },
} as const;
