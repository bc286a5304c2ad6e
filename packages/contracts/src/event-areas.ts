import type { Lang } from './sites';

/**
 * Where an offline event may take place (decision 028): the provinces of China with their main
 * cities for the Chinese site, regions with their countries and sub-regions for the English one. The
 * back office picks from it and the server checks a pair against it; the list page's filter
 * (`getArea`) shows only the pairs events use.
 */
export interface AreaGroup {
  province: string;
  cities: readonly string[];
}

const ZH: readonly AreaGroup[] = [
  { province: '北京', cities: ['北京'] },
  { province: '上海', cities: ['上海'] },
  { province: '天津', cities: ['天津'] },
  { province: '重庆', cities: ['重庆'] },
  { province: '河北', cities: ['石家庄', '唐山', '保定', '廊坊'] },
  { province: '山西', cities: ['太原', '大同'] },
  { province: '内蒙古', cities: ['呼和浩特', '包头', '乌兰察布'] },
  { province: '辽宁', cities: ['沈阳', '大连'] },
  { province: '吉林', cities: ['长春', '吉林'] },
  { province: '黑龙江', cities: ['哈尔滨', '大庆'] },
  { province: '江苏', cities: ['南京', '苏州', '无锡', '常州', '南通'] },
  { province: '浙江', cities: ['杭州', '宁波', '温州', '嘉兴', '绍兴'] },
  { province: '安徽', cities: ['合肥', '芜湖'] },
  { province: '福建', cities: ['福州', '厦门', '泉州'] },
  { province: '江西', cities: ['南昌', '赣州'] },
  { province: '山东', cities: ['济南', '青岛', '烟台'] },
  { province: '河南', cities: ['郑州', '洛阳'] },
  { province: '湖北', cities: ['武汉', '宜昌', '襄阳'] },
  { province: '湖南', cities: ['长沙', '株洲'] },
  { province: '广东', cities: ['广州', '深圳', '东莞', '佛山', '珠海'] },
  { province: '广西', cities: ['南宁', '桂林'] },
  { province: '海南', cities: ['海口', '三亚'] },
  { province: '四川', cities: ['成都', '绵阳'] },
  { province: '贵州', cities: ['贵阳', '贵安'] },
  { province: '云南', cities: ['昆明'] },
  { province: '西藏', cities: ['拉萨'] },
  { province: '陕西', cities: ['西安', '咸阳'] },
  { province: '甘肃', cities: ['兰州', '庆阳'] },
  { province: '青海', cities: ['西宁'] },
  { province: '宁夏', cities: ['银川', '中卫'] },
  { province: '新疆', cities: ['乌鲁木齐', '克拉玛依'] },
  { province: '香港', cities: ['香港'] },
  { province: '澳门', cities: ['澳门'] },
  { province: '台湾', cities: ['台北', '新竹'] },
];

const EN: readonly AreaGroup[] = [
  {
    province: 'Americas',
    cities: ['North America', 'Latin America', 'United States', 'Canada', 'Mexico', 'Brazil', 'Argentina', 'Chile'],
  },
  {
    province: 'Europe',
    cities: [
      'UK & Ireland',
      'Western Europe',
      'Central Europe',
      'Nordics',
      'Southern Europe',
      'Eastern Europe',
      'Germany',
      'France',
      'Netherlands',
      'Spain',
      'Italy',
      'Poland',
    ],
  },
  {
    province: 'Middle East & Africa',
    cities: [
      'Middle East & Africa',
      'United Arab Emirates',
      'Saudi Arabia',
      'Israel',
      'South Africa',
      'Egypt',
      'Nigeria',
    ],
  },
  {
    province: 'Asia Pacific',
    cities: [
      'Asia Pacific',
      'Japan',
      'South Korea',
      'Singapore',
      'India',
      'Indonesia',
      'Malaysia',
      'Thailand',
      'Vietnam',
      'Australia',
      'New Zealand',
    ],
  },
];

export const EVENT_AREAS: Readonly<Record<Lang, readonly AreaGroup[]>> = { zh: ZH, en: EN };

/** Whether a province (region) and city (country) pair is one of the site's areas. */
export function isEventArea(lang: Lang, province: string, city: string): boolean {
  return EVENT_AREAS[lang].some((g) => g.province === province && g.cities.includes(city));
}
