/**
 * The demo tournament's people, in the AXF style: member federations as affiliations, a team
 * championship of 12 teams (3 starters + 1 reserve, 附录1 #1) with last edition's top four
 * seeded (附录1 #5), an individual Swiss of 40 players and a women's round-robin of 10.
 * Names are made up from common surnames and given names.
 */
export const DEMO_AFFILIATIONS: { nameZh: string; nameEn: string; code: string }[] = [
  { nameZh: '中国', nameEn: 'China', code: 'CHN' },
  { nameZh: '中国香港', nameEn: 'Hong Kong, China', code: 'HKG' },
  { nameZh: '中国澳门', nameEn: 'Macau, China', code: 'MAC' },
  { nameZh: '中华台北', nameEn: 'Chinese Taipei', code: 'TPE' },
  { nameZh: '新加坡', nameEn: 'Singapore', code: 'SGP' },
  { nameZh: '马来西亚', nameEn: 'Malaysia', code: 'MAS' },
  { nameZh: '越南', nameEn: 'Vietnam', code: 'VIE' },
  { nameZh: '菲律宾', nameEn: 'Philippines', code: 'PHI' },
  { nameZh: '泰国', nameEn: 'Thailand', code: 'THA' },
  { nameZh: '印度尼西亚', nameEn: 'Indonesia', code: 'INA' },
];

/** Twelve teams: the host (Singapore) and Malaysia field two each. Seed = last edition's rank. */
export const DEMO_TEAMS: { affiliation: string; nameZh: string; nameEn: string; seed?: number }[] = [
  { affiliation: 'CHN', nameZh: '中国队', nameEn: 'China', seed: 1 },
  { affiliation: 'VIE', nameZh: '越南队', nameEn: 'Vietnam', seed: 2 },
  { affiliation: 'MAS', nameZh: '马来西亚一队', nameEn: 'Malaysia 1', seed: 3 },
  { affiliation: 'TPE', nameZh: '中华台北队', nameEn: 'Chinese Taipei', seed: 4 },
  { affiliation: 'HKG', nameZh: '中国香港队', nameEn: 'Hong Kong, China' },
  { affiliation: 'MAC', nameZh: '中国澳门队', nameEn: 'Macau, China' },
  { affiliation: 'SGP', nameZh: '新加坡一队', nameEn: 'Singapore 1' },
  { affiliation: 'SGP', nameZh: '新加坡二队', nameEn: 'Singapore 2' },
  { affiliation: 'MAS', nameZh: '马来西亚二队', nameEn: 'Malaysia 2' },
  { affiliation: 'PHI', nameZh: '菲律宾队', nameEn: 'Philippines' },
  { affiliation: 'THA', nameZh: '泰国队', nameEn: 'Thailand' },
  { affiliation: 'INA', nameZh: '印度尼西亚队', nameEn: 'Indonesia' },
];

const SURNAMES: [string, string][] = [
  ['王', 'Wang'],
  ['李', 'Li'],
  ['张', 'Zhang'],
  ['刘', 'Liu'],
  ['陈', 'Chen'],
  ['杨', 'Yang'],
  ['黄', 'Huang'],
  ['赵', 'Zhao'],
  ['吴', 'Wu'],
  ['周', 'Zhou'],
  ['许', 'Xu'],
  ['孙', 'Sun'],
  ['马', 'Ma'],
  ['朱', 'Zhu'],
  ['胡', 'Hu'],
  ['郭', 'Guo'],
  ['何', 'He'],
  ['林', 'Lin'],
  ['罗', 'Luo'],
  ['郑', 'Zheng'],
  ['梁', 'Liang'],
  ['谢', 'Xie'],
  ['宋', 'Song'],
  ['唐', 'Tang'],
  ['韩', 'Han'],
  ['冯', 'Feng'],
  ['邓', 'Deng'],
  ['曹', 'Cao'],
  ['彭', 'Peng'],
  ['曾', 'Zeng'],
  ['蒋', 'Jiang'],
  ['蔡', 'Cai'],
  ['余', 'Yu'],
  ['潘', 'Pan'],
  ['杜', 'Du'],
  ['叶', 'Ye'],
  ['程', 'Cheng'],
  ['苏', 'Su'],
  ['魏', 'Wei'],
  ['吕', 'Lü'],
  ['丁', 'Ding'],
  ['沈', 'Shen'],
];
const GIVEN_MALE: [string, string][] = [
  ['天一', 'Tianyi'],
  ['国伟', 'Guowei'],
  ['志强', 'Zhiqiang'],
  ['伟雄', 'Weixiong'],
  ['家豪', 'Jiahao'],
  ['明辉', 'Minghui'],
  ['建华', 'Jianhua'],
  ['嘉俊', 'Jiajun'],
  ['少峰', 'Shaofeng'],
  ['俊杰', 'Junjie'],
  ['振宇', 'Zhenyu'],
  ['浩然', 'Haoran'],
  ['文彬', 'Wenbin'],
  ['永康', 'Yongkang'],
  ['子健', 'Zijian'],
  ['思远', 'Siyuan'],
  ['德华', 'Dehua'],
  ['海涛', 'Haitao'],
  ['立新', 'Lixin'],
  ['荣光', 'Rongguang'],
];
const GIVEN_FEMALE: [string, string][] = [
  ['丹', 'Dan'],
  ['琳', 'Lin'],
  ['雅琪', 'Yaqi'],
  ['晓燕', 'Xiaoyan'],
  ['美玲', 'Meiling'],
  ['婉婷', 'Wanting'],
  ['秀英', 'Xiuying'],
  ['慧敏', 'Huimin'],
  ['佳怡', 'Jiayi'],
  ['丽华', 'Lihua'],
  ['思琪', 'Siqi'],
  ['雪梅', 'Xuemei'],
];

export interface DemoPerson {
  nameZh: string;
  nameEn: string;
  gender: 'male' | 'female';
  rating: number;
}

/** Deterministic, distinct people: the i-th call of a generator always gives the same name. */
export function demoPeople(count: number, gender: 'male' | 'female', offset: number, topRating: number): DemoPerson[] {
  const given = gender === 'male' ? GIVEN_MALE : GIVEN_FEMALE;
  return Array.from({ length: count }, (_, k) => {
    const i = k + offset;
    const [sz, se] = SURNAMES[(i * 5) % SURNAMES.length];
    const [gz, ge] = given[(i * 11 + Math.floor(i / SURNAMES.length)) % given.length];
    return { nameZh: sz + gz, nameEn: `${se} ${ge}`, gender, rating: topRating - k * 17 - ((i * 13) % 9) };
  });
}
