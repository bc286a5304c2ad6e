import type { Site } from '@portal/contracts/sites';
import { h2, p, ul, type Block } from './demo-text';

/**
 * The terms of use and the privacy policy a portal starts with (issue 17), one per site language.
 * Staff rewrite them in the back office (Content pages); these are what a new or older database
 * gets until they do. They describe what the portal really does with accounts and data.
 */
export type LegalSlug = 'terms' | 'privacy';
export type LegalPageText = { title: string; body: Block[] };

export const LEGAL_PAGES: Record<Site['lang'], Record<LegalSlug, LegalPageText>> = {
  zh: {
    terms: {
      title: '用户协议',
      body: [
        p(
          '欢迎使用存储社区。存储社区是面向数据存储行业的技术交流平台，提供活动报名、专题文章、讨论区、专家与 MVP、电子期刊等服务。注册或使用本站即表示你已阅读并同意本协议；如不同意，请不要注册或使用。',
        ),
        h2('一、账号'),
        ul(
          '你可以使用电子邮箱或中国大陆手机号注册，注册时需通过验证码确认你拥有该邮箱或手机号。',
          '请妥善保管密码和验证码，不要将账号借给他人使用。通过你的账号进行的操作视为你本人的行为。',
          '昵称、头像和个人资料不得冒充他人或机构，不得含有违法、侮辱或广告内容。',
          '发现账号被盗用时，请立即修改密码并通过页面底部的联系邮箱告知我们。',
        ),
        h2('二、发布内容的规范'),
        p('你在社区发布帖子、评论、专题文章、电子期刊投稿或上传附件时，应当遵守法律法规和以下规范：'),
        ul(
          '不得发布违法、色情、暴力、歧视、诽谤或侵犯他人隐私的内容；',
          '不得发布恶意软件、漏洞利用代码或攻击他人系统的方法；',
          '不得泄露所在单位或客户的商业秘密、未公开的配置和数据；',
          '不得发布与存储技术无关的广告、软文或重复灌水内容；',
          '讨论技术路线时对事不对人，尊重不同的观点和厂商。',
        ),
        p(
          '部分内容需经版主或编辑审核后才公开显示。对违反规范的内容，社区可以不予通过、隐藏或删除；情节严重或多次违规的账号可能被禁言或封禁。',
        ),
        h2('三、知识产权'),
        ul(
          '你发布的原创内容，著作权归你所有。你授予社区在本站及社区运营的渠道（如电子期刊、公众号）中免费展示、转载和推荐该内容的权利，并会注明作者。',
          '转载他人内容时，请标明出处并确保已获得授权；因侵权引起的责任由发布者承担。',
          '认为社区内容侵犯了你的权利时，请通过联系邮箱提交权属证明，我们核实后会及时处理。',
        ),
        h2('四、活动与积分'),
        ul(
          '报名线下或线上活动时，你提交的信息仅用于活动组织和签到；活动安排以活动页面的最新说明为准。',
          '积分、等级和勋章用于鼓励参与，不能兑换现金，也不能转让。以作弊方式获得的积分将被扣除。',
        ),
        h2('五、服务的变更与中断'),
        p(
          '我们会尽力保证服务稳定，但可能因维护、升级或不可抗力暂停部分功能。社区上的技术内容由成员提供，仅供交流参考；在生产环境中采用任何方案前，请自行评估风险并做好数据备份。',
        ),
        h2('六、协议的修改'),
        p(
          '我们可能根据法律法规或服务变化修改本协议，修改后会在本页公布并注明更新时间。修改后继续使用本站，即表示你接受修改后的协议。',
        ),
        h2('七、联系我们'),
        p('对本协议有任何疑问，欢迎通过页面底部的联系邮箱与我们联系。'),
      ],
    },
    privacy: {
      title: '隐私政策',
      body: [
        p(
          '存储社区重视你的个人信息保护。本政策说明我们收集哪些信息、为什么收集、如何保存和使用，以及你享有的权利。使用本站即表示你理解并同意本政策。',
        ),
        h2('一、我们收集的信息'),
        ul(
          '**账号信息**：注册和登录使用的电子邮箱或手机号、昵称、密码（只保存经过加密散列的结果，任何人都无法看到原文）。',
          '**个人资料**：你自愿填写的真实姓名、公司、职位、所在行业和头像。',
          '**你发布的内容**：帖子、评论、专题文章、投稿、上传的图片和附件，以及点赞、收藏、关注等互动记录。',
          '**活动信息**：报名活动时填写的信息和签到记录。',
          '**访问信息**：IP 地址、浏览器类型、访问时间，以及用于统计浏览量的随机访客标识。',
        ),
        h2('二、我们如何使用这些信息'),
        ul(
          '提供注册、登录、找回密码等账号服务，并发送验证码；',
          '展示你发布的内容和公开的个人资料，计算积分和等级；',
          '组织活动、发送与你相关的站内消息和通知；',
          '防范恶意注册、暴力登录、垃圾内容等滥用行为，保障账号和系统安全；',
          '统计页面访问情况，改进社区的内容和功能。',
        ),
        p('我们不会将你的个人信息出售给任何人，也不会用于与社区服务无关的营销。'),
        h2('三、Cookie 和本地存储'),
        p(
          '我们使用一个仅限 HTTP 访问的 Cookie 保存登录状态，服务器上只保存它的散列值；另外会在浏览器中保存你选择的语言和一个随机访客标识。这些信息只用于本站的正常运行，不用于跨站跟踪。',
        ),
        h2('四、信息的保存与保护'),
        ul(
          '验证码和登录凭证只保存散列值，过期后失效；',
          '管理人员在后台所做的每一项修改都会记录审计日志，只有获得授权的管理员才能查看成员资料；',
          '我们通过 HTTPS 传输数据，并采取访问控制、频率限制等措施防止数据泄露和滥用；',
          '账号注销后，我们会删除或匿名化你的个人信息，法律法规要求保留的除外。',
        ),
        h2('五、信息的共享'),
        p(
          '除以下情况外，我们不会向第三方提供你的个人信息：获得你的明确同意；发送短信或邮件验证码时，向短信和邮件服务商提供必要的手机号或邮箱；法律法规或有权机关依法要求提供。',
        ),
        h2('六、你的权利'),
        ul(
          '在个人中心查看和修改你的个人资料、头像和密码；',
          '撤回或删除你发布的内容（已被他人引用的内容可能仍以引用形式存在）；',
          '通过联系邮箱申请导出你的个人信息或注销账号，我们会在 15 个工作日内答复。',
        ),
        h2('七、未成年人'),
        p('本站面向存储行业的从业者和学习者。未满 14 周岁的未成年人请在监护人同意和指导下使用。'),
        h2('八、政策的更新'),
        p('本政策更新后会在本页公布并注明更新时间；重大变化会通过站内消息通知你。'),
        h2('九、联系我们'),
        p('对本政策或你的个人信息有任何问题，请通过页面底部的联系邮箱与我们联系。'),
      ],
    },
  },
  en: {
    terms: {
      title: 'Terms of Use',
      body: [
        p(
          'Welcome to the Storage Community, a place for people who build, run and buy data storage: events, reviewed articles, discussions, experts and MVPs, and an e-magazine. By registering or using this site you accept these terms. If you do not accept them, please do not register or use the site.',
        ),
        h2('1. Your account'),
        ul(
          'You register with an email address or a mobile number, confirmed by a one-time code.',
          'Keep your password and codes to yourself and do not share your account. What is done with your account is taken to be done by you.',
          'Nicknames, avatars and profiles must not impersonate a person or an organisation, and must not be abusive or promotional.',
          'If you think someone else is using your account, change your password and write to the contact address at the bottom of every page.',
        ),
        h2('2. What you post'),
        p(
          'When you post, comment, write an article, submit to the e-magazine or upload a file, you agree not to post:',
        ),
        ul(
          'anything unlawful, obscene, violent, discriminatory or defamatory, or that exposes someone else’s private information;',
          'malware, exploit code, or instructions for attacking other people’s systems;',
          'trade secrets or unpublished configurations and data of your employer or customers;',
          'advertising, sales pitches dressed up as content, or repeated off-topic messages.',
        ),
        p(
          'Argue about technology, not about people, and respect other vendors and approaches. Some content is reviewed by moderators or editors before it is shown. We may decline, hide or remove content that breaks these rules, and mute or suspend accounts that break them seriously or repeatedly.',
        ),
        h2('3. Ownership of content'),
        ul(
          'You keep the copyright in what you write. You give the community a free licence to show, reprint and recommend it on this site and on the channels the community runs (such as the e-magazine), always with your name.',
          'When you repost someone else’s work, name the source and make sure you may; you are responsible for what you post.',
          'If you believe content here infringes your rights, write to the contact address with proof of ownership and we will act promptly.',
        ),
        h2('4. Events and points'),
        ul(
          'What you enter when you sign up for an event is used to run the event and check you in; the event page has the latest arrangements.',
          'Points, levels and medals reward taking part. They have no cash value and cannot be transferred; points gained by cheating are taken back.',
        ),
        h2('5. Availability and advice'),
        p(
          'We work to keep the site available but may suspend features for maintenance, upgrades or reasons beyond our control. Technical content is written by members and shared for discussion: assess the risks yourself and keep backups before you use any of it in production.',
        ),
        h2('6. Changes to these terms'),
        p(
          'We may change these terms when the law or the service changes. The new version is published on this page with the date of the change; using the site afterwards means you accept it.',
        ),
        h2('7. Contact'),
        p('Questions about these terms are welcome at the contact address at the bottom of every page.'),
      ],
    },
    privacy: {
      title: 'Privacy Policy',
      body: [
        p(
          'The Storage Community takes the protection of your personal information seriously. This policy explains what we collect, why, how we keep and use it, and what rights you have. By using the site you acknowledge this policy.',
        ),
        h2('1. What we collect'),
        ul(
          '**Account details**: the email address or mobile number you register and sign in with, your nickname, and your password (stored only as a salted hash that nobody can read back).',
          '**Profile**: your real name, company, job title, industry and avatar, if you choose to give them.',
          '**What you post**: posts, comments, articles, submissions, uploaded pictures and files, and your likes, bookmarks and follows.',
          '**Events**: what you enter when you sign up for an event, and your check-in.',
          '**Visits**: IP address, browser type, time of visit, and a random visitor id used to count page views.',
        ),
        h2('2. How we use it'),
        ul(
          'to run your account: registration, sign-in, password reset and the one-time codes they need;',
          'to show what you post and the public part of your profile, and to keep your points and level;',
          'to run events and send you in-site messages and notices that concern you;',
          'to stop abuse such as fake registrations, password guessing and spam, and to keep accounts secure;',
          'to understand which pages are read and improve the community.',
        ),
        p('We do not sell your personal information, and we do not use it for marketing unrelated to the community.'),
        h2('3. Cookies and local storage'),
        p(
          'An HttpOnly cookie keeps you signed in; the server stores only a hash of it. Your browser also keeps your chosen language and a random visitor id. They are used to run this site only, never to track you across other sites.',
        ),
        h2('4. How we keep it safe'),
        ul(
          'One-time codes and sign-in tokens are stored only as hashes and expire;',
          'every change staff make in the back office is recorded in an audit log, and only authorised staff can see member details;',
          'data travels over HTTPS, and access control and rate limits protect against leaks and abuse;',
          'when you close your account we delete or anonymise your personal information, except what the law requires us to keep.',
        ),
        h2('5. Sharing'),
        p(
          'We share your personal information with nobody except: with your explicit consent; the email or SMS provider that delivers your one-time codes, which receives only the address or number it needs; and where the law or a competent authority requires it.',
        ),
        h2('6. Your rights'),
        ul(
          'see and change your profile, avatar and password in your personal centre;',
          'withdraw or delete what you have posted (quotes of it in other members’ replies may remain);',
          'ask for a copy of your personal information or for your account to be closed by writing to the contact address; we answer within 15 working days.',
        ),
        h2('7. Children'),
        p(
          'The site is meant for storage professionals and learners. Children under 14 should use it only with the consent and guidance of a parent or guardian.',
        ),
        h2('8. Changes to this policy'),
        p(
          'A new version is published on this page with the date of the change; important changes are also announced by in-site message.',
        ),
        h2('9. Contact'),
        p(
          'Questions about this policy or your personal information are welcome at the contact address at the bottom of every page.',
        ),
      ],
    },
  },
};
