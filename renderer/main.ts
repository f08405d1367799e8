import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { router } from './router';
import { startDisplayPrecision } from './stores/display';
import './styles.css';

// The first figures should already use the currencies' precision (no re-layout a moment later);
// a slow or failing answer must not keep the app from starting, so the wait is bounded.
const FIRST_DISPLAY_WAIT_MS = 1500;
const mount = () => createApp(App).use(createPinia()).use(router).mount('#app');
Promise.race([startDisplayPrecision(), new Promise((r) => setTimeout(r, FIRST_DISPLAY_WAIT_MS))]).then(mount, mount);
