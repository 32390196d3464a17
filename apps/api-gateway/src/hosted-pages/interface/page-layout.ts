import { escapeHtml } from './acs/html';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f5;color:#1d2733}
main{width:100%;max-width:380px;margin:16px;padding:28px;background:#fff;border-radius:12px;
box-shadow:0 4px 24px rgba(20,30,50,.12)}
h1{margin:0 0 8px;font-size:20px}
p{margin:0 0 16px;color:#4a5868;font-size:14px}
label{display:block;margin-bottom:6px;font-weight:600;font-size:14px}
input[type=password]{width:100%;padding:10px 12px;border:1px solid #b8c2cf;border-radius:8px;font-size:16px}
input[type=password]:focus{outline:2px solid #2f6fed;outline-offset:1px;border-color:#2f6fed}
button{width:100%;margin-top:16px;padding:11px;border:0;border-radius:8px;background:#2f6fed;
color:#fff;font-size:16px;font-weight:600;cursor:pointer}
button:hover{background:#245bd0}
code{background:#eef1f5;padding:1px 5px;border-radius:4px}
.badge{display:inline-block;margin-bottom:12px;padding:2px 8px;border-radius:999px;background:#fff4d6;
color:#7a5a00;font-size:12px;font-weight:600}
button.secondary{background:#e4e8ee;color:#1d2733}
button.secondary:hover{background:#d5dbe3}
dl{margin:0 0 8px;display:grid;grid-template-columns:auto 1fr;gap:6px 16px;font-size:15px}
dt{color:#4a5868}dd{margin:0;font-weight:600}`;

/** The frame of every hosted page (ACS, checkout): one inline style, allowed by its CSP nonce. */
export function hostedPage(title: string, nonce: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
