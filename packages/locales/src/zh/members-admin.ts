/** Back office: members, bans and staff broadcasts (zh). */
export const membersAdmin = {
  userRule: '请选择会员',
  keywordRule: '关键词不能超过 100 个字符',
  roleRule: '请选择角色',
  bannedRule: '封禁筛选只能是 true 或 false',
  reasonRule: '封禁原因为 1 到 500 个字符',
  untilRule: '封禁结束时间须晚于现在，且不超过 100 年',
  userNotFound: '会员不存在',
  cannotBanSelf: '不能封禁自己',
  adminsOnly: '只有管理员可以封禁或解封管理员',
  notBanned: '该会员当前没有被封禁',
  broadcastOtherSite: '只能向正在管理的站点或两个站点发送广播',
  broadcastBothSites: '向两个站点发送广播需要在两个站点都拥有广播权限',
};
