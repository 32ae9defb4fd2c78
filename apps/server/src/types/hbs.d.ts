declare module 'hbs' {
  import type Handlebars from 'handlebars';
  interface HelperOptions {
    data?: { root?: Record<string, unknown> };
    hash: Record<string, unknown>;
    fn?: (context: unknown) => string;
    inverse?: (context: unknown) => string;
  }
  type SafeString = Handlebars.SafeString;
  const hbs: {
    registerHelper(name: string, fn: (...args: any[]) => unknown): void;
    registerPartials(dir: string): void;
    registerPartial(name: string, template: string): void;
    handlebars: typeof Handlebars;
  };
  export type { HelperOptions, SafeString };
  export default hbs;
}
