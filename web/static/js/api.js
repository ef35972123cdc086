// Small helpers for the companion's JSON API: errors come back as {"error": "..."}.

export async function getJSON(url) {
  return decode(await fetch(url, { cache: "no-store" }));
}

export async function postJSON(url, body = {}) {
  return decode(await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }));
}

async function decode(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    // not JSON: fall through to the status text
  }
  if (!response.ok) {
    throw new Error(data?.error || `The companion answered ${response.status} ${response.statusText}.`);
  }
  return data;
}
