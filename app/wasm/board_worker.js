// The analysis board's worker (app/serve/board/board.js, offline): appended to the module's own
// script (kamisado_wasm.js) to make kamisado_worker.js's source, it answers the page's questions
// one at a time, so that a search never holds the page. A question: {id, question: {kind:
// 'position', kfen} or {kind: 'analyse', kfen, goal, ms}}; the answer: {id, text}, the module's
// JSON text ({"ok": ...} or {"error": ...}).
/* global createKamisado */
var kamisado = createKamisado();
onmessage = function (e) {
  var id = e.data.id, q = e.data.question;
  kamisado.then(function (m) {
    postMessage({ id: id, text: q.kind === 'position' ? m.positionPage(q.kfen) : m.analyse(q.kfen, q.goal, q.ms) });
  }, function (err) {
    postMessage({ id: id, text: JSON.stringify({ error: 'the WebAssembly module did not start: ' + err }) });
  });
};
