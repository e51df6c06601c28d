// Starts Swagger UI on /docs (popote serve --api-docs): a file, not an inline script, so
// that the page runs under the server's Content-Security-Policy like every other.
window.SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui" });
