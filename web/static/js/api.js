// Small helpers for the companion's JSON API: errors come back as {"error": "..."},
// and a move the rules refuse also names the spaces to look at ({"spaces": [...]}).

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
    const error = new Error(data?.error || `The companion answered ${response.status} ${response.statusText}.`);
    error.spaces = data?.spaces || [];  // a refused move: the spaces to look at
    throw error;
  }
  return data;
}
