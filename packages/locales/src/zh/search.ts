/** Search: the box, the results page and the search calls' messages (namespace `search`, zh). */
export const search = {
  rules: {
    keyRequired: '请输入搜索关键词',
    keyTooShort: '请至少输入 2 个字符',
    keyTooLong: '搜索关键词不能超过 20 个字符',
    kindInvalid: '搜索范围无效',
    timeInvalid: '时间范围无效',
  },
  kinds: {
    all: '全部',
    post: '讨论',
    article: '专题文章',
    topic: '专题',
    event: '活动',
    journal_issue: '电子期刊',
    journal_article: '期刊文章',
    member: '会员',
  },
};
