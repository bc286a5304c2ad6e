/**
 * The demo's event questionnaire in each language (decision 029): it goes with the first event
 * that is registering, so a fresh portal shows the questionnaire page and its messages.
 */
export const DEMO_QUESTIONNAIRE: Record<
  'zh' | 'en',
  {
    title: string;
    description: string;
    questions: Array<{ kind: 'single' | 'multiple' | 'text'; title: string; required: boolean; options: string[] }>;
  }
> = {
  zh: {
    title: '参会调研问卷',
    description: '花两分钟告诉我们您的关注点，帮助我们把议程安排得更贴近一线需求。',
    questions: [
      {
        kind: 'single',
        title: '您目前主要负责哪类存储系统？',
        required: true,
        options: ['全闪存阵列', '分布式存储', '对象存储', '备份与归档'],
      },
      {
        kind: 'multiple',
        title: '您最希望在活动中听到哪些主题？',
        required: true,
        options: ['性能调优', '数据保护与勒索防护', '云原生存储', '成本优化', 'AI 训练数据管理'],
      },
      { kind: 'text', title: '您还有哪些问题希望讲师现场解答？', required: false, options: [] },
    ],
  },
  en: {
    title: 'Attendee survey',
    description: 'Two minutes of your time: tell us what matters to you, so the agenda fits the work you do.',
    questions: [
      {
        kind: 'single',
        title: 'Which storage systems do you mainly look after?',
        required: true,
        options: ['All-flash arrays', 'Distributed storage', 'Object storage', 'Backup and archive'],
      },
      {
        kind: 'multiple',
        title: 'Which topics would you most like to hear about?',
        required: true,
        options: [
          'Performance tuning',
          'Data protection and ransomware',
          'Cloud-native storage',
          'Cost',
          'AI training data',
        ],
      },
      { kind: 'text', title: 'What would you like the speakers to answer on the day?', required: false, options: [] },
    ],
  },
};
