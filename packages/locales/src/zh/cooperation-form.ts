/** The cooperation application's field rules (namespace `cooperationForm`, zh), said by the form and the server alike. */
export const cooperationForm = {
  companyRule: '公司名称最多 128 个字符',
  companyRequired: '请填写公司名称',
  contactNameRule: '联系人最多 64 个字符',
  contactNameRequired: '请填写联系人',
  phoneRule: '请填写正确的联系电话（数字、空格、短横线，最多 32 个字符）',
  emailRule: '请填写正确的邮箱（最多 128 个字符）',
  contactRequired: '请至少填写联系电话或邮箱之一',
  intentRule: '合作意向最多 2000 个字符',
  intentRequired: '请填写合作意向',
};
