// The root tsconfig type-checks tests without renderer/env.d.ts: .vue imports need this too.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
