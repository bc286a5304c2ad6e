/** The topic article dialog and its validation messages (spec 5) (namespace `topicForm`, zh). */
export const topicForm = {
  title: '发布专题文章',
  loadFailed: '文章窗口加载失败，请稍后重试',
  loginFirst: '请先登录',
  titleLabel: '标题',
  titlePlaceholder: '请输入文章标题',
  topicLabel: '专题',
  topicPlaceholder: '请选择专题',
  sourceLabel: '来源',
  sourceUrlLabel: '原文链接',
  sourceUrlPlaceholder: 'https://',
  contentLabel: '内容',
  contentPlaceholder: '在这里撰写文章，可粘贴图片或导入 Word 文档',
  otherLangLabel: '同时发布到',
  expertNote: '你是认证专家：文章将带专家标识发布。',
  submit: '提交',
  cancel: '取消',
  close: '关闭',
  // spec 5
  titleInvalid: '请填写正确的帖子标题。',
  contentInvalid: '请填写正确的文章内容。',
  topicRequired: '请选择专题。',
  sourceUrlInvalid: '转载文章请填写原文链接（http 或 https）。',
  // spec 2: the success dialog
  reviewTitle: '提交成功',
  reviewBody: '你的文章已提交成功，编辑正在审核中，通过后将在专题中发布。',
  reviewOk: '确定',
};
