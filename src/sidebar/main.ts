// Sidebar entry (browser). Filled in by the sidebar issue; kept minimal so the build has its shape.
const app = document.getElementById('app');
if (app) app.setAttribute('data-ready', 'true');
