import { matchPerson, nameKey, type PersonCandidate } from './person-match';

const wang1990: PersonCandidate = {
  id: 'p1',
  nameZh: '王天一',
  nameEn: 'Wang Tianyi',
  birthYear: 1990,
  unitZh: '杭州',
  unitEn: 'Hangzhou',
  federationId: 'CXA-1',
};
const wang2005: PersonCandidate = { id: 'p2', nameZh: '王天一', nameEn: 'Wang Tianyi', birthYear: 2005, unitZh: '北京', unitEn: 'Beijing', federationId: null };
const zhao: PersonCandidate = { id: 'p3', nameZh: '赵鑫鑫', nameEn: 'Zhao Xinxin', birthYear: 1988, unitZh: '浙江', unitEn: 'Zhejiang' };

describe('matchPerson', () => {
  it('matches by federation ID whatever the name says', () => {
    expect(matchPerson({ nameZh: '王天乙', nameEn: 'Wang T.', federationId: 'CXA-1' }, [wang1990, wang2005])).toEqual({ kind: 'federation', personId: 'p1' });
  });

  it('proposes the one person whose name, birth year and unit agree', () => {
    expect(matchPerson({ nameZh: '赵鑫鑫', nameEn: 'Zhao Xinxin', birthYear: 1988, unitZh: '浙江' }, [wang1990, zhao])).toEqual({
      kind: 'proposed',
      personId: 'p3',
    });
  });

  it('offers a choice when two persons share the name (同名), never picking one', () => {
    expect(matchPerson({ nameZh: '王天一', nameEn: 'Wang Tianyi' }, [wang2005, wang1990, zhao])).toEqual({ kind: 'choice', personIds: ['p1', 'p2'] });
    // Even with birth year and unit agreeing with one of them: the organizer decides.
    expect(matchPerson({ nameZh: '王天一', nameEn: 'Wang Tianyi', birthYear: 1990, unitZh: '杭州' }, [wang1990, wang2005])).toEqual({
      kind: 'choice',
      personIds: ['p1'],
    });
  });

  it('offers a choice when the only namesake lacks an agreeing birth year or unit', () => {
    expect(matchPerson({ nameZh: '赵鑫鑫', nameEn: 'Zhao Xinxin', unitZh: '浙江' }, [zhao])).toEqual({ kind: 'choice', personIds: ['p3'] });
    expect(matchPerson({ nameZh: '赵鑫鑫', nameEn: 'Zhao Xinxin', birthYear: 1988, unitZh: '上海' }, [zhao])).toEqual({ kind: 'choice', personIds: ['p3'] });
  });

  it('leaves out namesakes of another birth year or federation ID, and makes a new person when no one else shares the name', () => {
    expect(matchPerson({ nameZh: '赵鑫鑫', nameEn: 'Zhao Xinxin', birthYear: 2001 }, [zhao])).toEqual({ kind: 'new' });
    expect(matchPerson({ nameZh: '王天一', nameEn: 'Wang Tianyi', federationId: 'CXA-7' }, [wang1990])).toEqual({ kind: 'new' });
    expect(matchPerson({ nameZh: '许银川', nameEn: 'Xu Yinchuan' }, [wang1990, zhao])).toEqual({ kind: 'new' });
  });

  it('compares English names when a Chinese name is missing, ignoring spaces and case', () => {
    expect(nameKey(' Wang  Tian-Yi ')).toBe(nameKey('wang tianyi'));
    expect(matchPerson({ nameZh: '', nameEn: 'ZHAO xinxin', birthYear: 1988, unitEn: 'zhejiang' }, [zhao])).toEqual({ kind: 'proposed', personId: 'p3' });
  });
});
