// The stand-in for google.script.run that the preview injects into the built sidebar: the same
// withSuccessHandler / withFailureHandler chaining, each call POSTed to the preview server, which runs
// it in the emulator. Plain browser JavaScript as text, so the sidebar bundle itself stays untouched.

const SHIM_SCRIPT = `<script>
(function () {
  var as = new URLSearchParams(location.search).get('as');
  function runner(handlers) {
    return new Proxy({}, {
      get: function (_target, name) {
        if (name === 'withSuccessHandler') return function (f) { return runner(Object.assign({}, handlers, { ok: f })); };
        if (name === 'withFailureHandler') return function (f) { return runner(Object.assign({}, handlers, { fail: f })); };
        if (name === 'withUserObject') return function (o) { return runner(Object.assign({}, handlers, { user: o })); };
        if (typeof name !== 'string' || name === 'then') return undefined;
        return function () {
          var args = Array.prototype.slice.call(arguments);
          fetch('/run', { method: 'POST', headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: name, args: args, as: as }) })
            .then(function (r) { return r.json(); })
            .then(function (result) {
              if (window.parent !== window) window.parent.postMessage('royalties:ran', '*');
              if (result.ok) { if (handlers.ok) handlers.ok(result.value, handlers.user); }
              else if (handlers.fail) handlers.fail(new Error(result.message), handlers.user);
            }, function (error) { if (handlers.fail) handlers.fail(error, handlers.user); });
        };
      },
    });
  }
  window.google = { script: { run: runner({}), host: { close: function () {}, editor: { focus: function () {} } } } };
})();
</script>`;

/** Puts the shim before the sidebar's own script, which calls google.script.run as soon as it loads. */
export function withShim(sidebarHtml: string): string {
  const at = sidebarHtml.indexOf('<script');
  if (at < 0) throw new Error('dist/Sidebar.html has no <script>: run npm run build.');
  return `${sidebarHtml.slice(0, at)}${SHIM_SCRIPT}${sidebarHtml.slice(at)}`;
}
