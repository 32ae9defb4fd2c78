declare module 'hbs' {
  interface HelperOptions {
    data?: { root?: Record<string, unknown> };
  }
  const hbs: {
    registerHelper(name: string, fn: (...args: any[]) => unknown): void;
    registerPartials(dir: string): void;
  };
  export type { HelperOptions };
  export default hbs;
}
