/**
 * Texts only the server sends (zh): the API's error sentences and the mail and SMS it writes. Kept
 * out of the portal's catalogue (`site.ts`) so that no page downloads them; the server's whole set
 * (`catalogues.ts`) includes them.
 */
export const serverZh = {
  errors: {
    validation: '字段 {{field}} 无效：{{reason}}',
    unknownField: '不允许的字段',
    badRequest: '请求无效',
    badJson: '请求体不是有效的 JSON',
    bodyTooLarge: '请求体过大',
    unsupportedMediaType: '请求须为 JSON',
    notFound: '接口不存在',
    pageNotFound: '页面不存在',
    siteNotFound: '站点不存在',
    unauthorized: '请先登录',
    forbidden: '没有权限',
    needIsapi: '缺少请求头 isapi: 1',
    rateLimited: '操作过于频繁，请 {{seconds}} 秒后再试',
    serverError: '服务器内部错误，请稍后再试',
    shuttingDown: '服务正在重启，请稍后再试',
    overloaded: '当前访问人数过多，请几秒后再试',
  },
  mail: {
    codeSubject: '存储社区验证码',
    registerCode:
      '您正在注册存储社区，验证码为 {{code}}，{{minutes}} 分钟内有效，仅可使用一次。\n\n如非本人操作，请忽略本邮件。',
    loginCode:
      '您正在登录存储社区，验证码为 {{code}}，{{minutes}} 分钟内有效，仅可使用一次。\n\n如非本人操作，请忽略本邮件，并留意账号安全。',
    resetCode:
      '您正在找回存储社区账号的密码，验证码为 {{code}}，{{minutes}} 分钟内有效，仅可使用一次。\n\n如非本人操作，请忽略本邮件，您的密码不会改变。',
    noAccountSubject: '存储社区：该地址没有注册账号',
    noAccountText:
      '有人在存储社区用这个地址申请了验证码，但该地址没有注册账号，因此没有发送验证码。\n\n如果是您本人，请先注册；如非本人操作，请忽略本邮件。',
    smsCode: '【存储社区】验证码 {{code}}，{{minutes}} 分钟内有效，请勿告诉他人。',
    smsNoAccount: '【存储社区】该手机号没有注册账号，如需使用请先注册。',
  },
  raffleApi: {
    campaignNotFound: '抽奖活动不存在',
    notRunning: '抽奖活动未开始或已结束',
    noChance: '今天的抽奖次数已用完，可用积分兑换更多次数',
    notForSale: '本活动不提供积分兑换抽奖次数',
    notEnoughPoints: '积分不足，需要 {{cost}} 积分',
  },
  pointsApi: {
    alreadySignedIn: '今天已经签到过了，明天再来吧',
    ruleNotFound: '没有这条积分规则',
  },
  expertApplyApi: {
    saved: '草稿已保存',
    submitted: '申请已提交，正在等待审核',
    withdrawn: '申请已撤回，可以修改后重新提交',
    pending: '你的申请正在审核中，同一时间只能有一份待审核的申请',
    alreadyExpert: '你已经是驻站专家了',
    notPending: '只有审核中的申请可以撤回',
    photoInvalid: '照片无效，请重新上传 JPG/JPEG/PNG 照片',
    queueTitle: '驻站专家申请：{{name}}',
    review: {
      photo: '申请人照片',
      noPhoto: '（未上传照片）',
      realName: '真实姓名',
      company: '所在公司',
      jobTitle: '职位',
      industry: '所在行业',
      fields: '擅长领域',
      biography: '个人简介',
      biographyLength: '简介字数',
      contributions_one: '个人贡献（{{count}} 项）',
      contributions_other: '个人贡献（{{count}} 项）',
      recommendations_one: '相关推荐（{{count}} 项）',
      recommendations_other: '相关推荐（{{count}} 项）',
    },
  },
  mvpApplyApi: {
    saved: '草稿已保存',
    submitted: '申请已提交，正在等待审核',
    withdrawn: '申请已撤回，可以修改后重新提交',
    pending: '你的 MVP 申请正在审核中，同一时间只能有一份申请等待审核',
    alreadyMvp: '你是 MVP，有效期至 {{end}}；可以在有效期的最后 90 天内申请续期',
    notPending: '只有审核中的申请可以撤回',
    queueTitle: 'MVP 申请：{{name}}',
    review: {
      realName: '真实姓名',
      company: '公司',
      jobTitle: '职位',
      areas: '贡献领域',
      biography: '个人简介',
      biographyLength: '简介长度（字符）',
      pastAwards: '此前获授 MVP 次数',
      contributions_one: '过去一年的贡献（{{count}}）',
      contributions_other: '过去一年的贡献（{{count}}）',
    },
  },
  questionnaireApi: {
    answered: '提交成功，感谢参与！',
    notSet: '问卷未设置、已失效或活动未通过审核',
    notRegistered: '您未报名该活动，无法参与问卷',
    notOpen: '问卷尚未开始，请于 {{date}} 作答',
    ended: '问卷作答时间已结束',
    alreadyAnswered: '您已提交过该问卷',
  },
} as const;
