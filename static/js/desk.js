// Registration desk: a busted row's Re-enter pays as the desk's form says (its
// hidden "cash" is the answer without JavaScript).
document.addEventListener("htmx:configRequest", (event) => {
  if (!event.detail.elt.matches("form[data-reenter]")) return;
  const method = document.querySelector("#register-form [name=method]");
  if (method) event.detail.parameters.set("method", method.value);
});
