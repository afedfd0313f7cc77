"use client";

import Script from "next/script";
import { useEffect, useState } from "react";

declare global {
  interface Window {
    SwaggerUIBundle?: (options: Record<string, unknown>) => unknown;
  }
}

/** Swagger UI over the generated OpenAPI document; its assets are served by this app, not a CDN. */
export function ApiReference({ specUrl, assetsPath }: { specUrl: string; assetsPath: string }) {
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!loaded || !window.SwaggerUIBundle) return;
    window.SwaggerUIBundle({
      url: specUrl,
      dom_id: "#api-reference",
      deepLinking: true,
      docExpansion: "list",
      defaultModelsExpandDepth: 0,
      persistAuthorization: false,
      // No badge from validator.swagger.io: it would send the document's address there (and the CSP refuses it).
      validatorUrl: null,
      // The highlighter's colours on its dark code blocks fall below 4.5:1; plain code stays light on dark.
      syntaxHighlight: { activated: false },
    });
  }, [loaded, specUrl]);

  return (
    <>
      <link rel="stylesheet" href={`${assetsPath}/swagger-ui.css`} />
      <Script src={`${assetsPath}/swagger-ui-bundle.js`} strategy="afterInteractive" onLoad={() => setLoaded(true)} />
      <div id="api-reference" className="api-reference" data-testid="api-reference" />
    </>
  );
}
