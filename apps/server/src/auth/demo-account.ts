/**
 * The demo's organizer account (demo/ creates it with the demo tournament). It lives with the accounts
 * because the login and home pages offer it (AuthService.demoLoaded) — they sit below demo/.
 */
export const DEMO_ORGANIZER = { email: 'organizer@chuhe.demo', password: 'chuhe-demo-organizer', displayName: '赛事主办 Demo organizer' };
