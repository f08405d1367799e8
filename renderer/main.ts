import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { router } from './router';
import { startDisplayPrecision } from './stores/display';
import './styles.css';

startDisplayPrecision();
createApp(App).use(createPinia()).use(router).mount('#app');
