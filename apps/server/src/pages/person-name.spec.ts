import { personFields, titlesOf } from './person-name';
import { personNameHtml } from '../web/person-name-helper';

describe('a player name with its person and titles (issue 33)', () => {
  const held = [
    { titleZh: '象棋大师', titleEn: 'Xiangqi Master' },
    { titleZh: '冠军', titleEn: 'Champion' },
  ];

  it('shows the held titles in the page language, then the typed one unless it is one of them', () => {
    expect(titlesOf({ title: '象棋大师', held }, 'zh')).toEqual(['象棋大师', '冠军']);
    expect(titlesOf({ title: 'Xiangqi Master', held }, 'en')).toEqual(['Xiangqi Master', 'Champion']);
    expect(titlesOf({ title: '特级大师', held }, 'zh')).toEqual(['象棋大师', '冠军', '特级大师']);
    expect(titlesOf({ title: '象棋大师', held }, 'zh-Hant')).toEqual(['象棋大師', '冠軍']);
    expect(titlesOf({ title: '', held: [] }, 'en')).toEqual([]);
    expect(titlesOf(null, 'en')).toEqual([]);
  });

  it('links the profile only where the registry knows the person', () => {
    expect(personFields({ personId: 'p1' }, 'en').profileHref).toBe('/persons/p1?lang=en');
    expect(personFields({ personId: null }, 'zh').profileHref).toBe('');
  });

  it('renders the name linked, the titles, the other script and the profile link, escaped', () => {
    const html = personNameHtml(
      { primary: '王<天一>', secondary: 'Wang', href: '/events/e/entries/x?lang=zh', profileHref: '/persons/p1?lang=zh', titles: ['大师'] },
      true,
      'zh',
    );
    // Handlebars' escaping (as {{href}} in a template): = becomes &#x3D;, which the browser reads back.
    expect(html.replace(/&#x3D;/g, '=')).toBe(
      '<a href="/events/e/entries/x?lang=zh"><span class="nm">王&lt;天一&gt;</span></a> <span class="title">大师</span> <span class="alt">Wang</span> ' +
        '<a class="profile-link no-print" href="/persons/p1?lang=zh" title="棋手档案" aria-label="王&lt;天一&gt;的棋手档案">档案</a>',
    );
    // No page in the event: the name itself links to the profile.
    expect(personNameHtml({ primary: 'Wang', profileHref: '/persons/p1?lang=en', titles: [] }, false, 'en').replace(/&#x3D;/g, '=')).toBe(
      '<a class="person-link" href="/persons/p1?lang=en"><span class="nm">Wang</span></a>',
    );
    // No person yet: the plain name.
    expect(personNameHtml({ primary: 'Wang', secondary: '王', titles: ['GM'] }, false, 'en')).toBe(
      '<span class="nm">Wang</span> <span class="title">GM</span>',
    );
    expect(personNameHtml(null, true, 'en')).toBe('');
  });
});
