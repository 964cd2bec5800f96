// STGY Pub Publications page, Posts tab: the viewer's posts (myPosts) with
// their publication state, a simple Markdown editor (createPost /
// updatePost), the External publication dialog (setPostPublication: on
// with a past time publishes, a future time schedules, off unpublishes)
// and delete with confirmation.
(function () {
  "use strict";
  var P = (window.STGYPub = window.STGYPub || {});
  var LIMIT = 20;
  var FIELDS = "id title digest publicationState publishedAt updatedAt locale allowLikes allowReplies";
  var LIST = "query Posts($o: Int!, $l: Int!) { myPosts(offset: $o, limit: $l) { " + FIELDS + " } }";
  var CREATE = "mutation Create($in: PostInput!) { createPost(input: $in) { " + FIELDS + " } }";
  var UPDATE = "mutation Update($id: ID!, $in: PostInput!) { updatePost(id: $id, input: $in) { " + FIELDS + " } }";
  var PUBLISH = "mutation Publish($id: ID!, $t: Time) { setPostPublication(id: $id, publishedAt: $t) { " + FIELDS + " } }";
  var DELETE = "mutation Delete($id: ID!) { deletePost(id: $id) }";
  var STATE = { PUBLISHED: "Published", SCHEDULED: "Scheduled", UNPUBLISHED: "Not published" };
  var offset = 0;
  var editing = null; // post being edited, null for a new post
  var publishing = null; // post in the publication dialog
  var onError = function () {};

  // loadPosts lists one page of the viewer's posts; errors go to report.
  P.loadPosts = function (report) {
    onError = report;
    // One extra row tells whether an older page exists.
    return P.gql(LIST, { o: offset, l: LIMIT + 1 }).then(function (data) {
      render(data.myPosts);
    });
  };

  function title(p) {
    return p.title || p.digest || "(untitled " + p.id + ")";
  }

  function render(posts) {
    var more = posts.length > LIMIT;
    posts = posts.slice(0, LIMIT);
    var tbody = document.querySelector("#posts-table tbody");
    P.clear(tbody);
    posts.forEach(function (p) {
      var link = p.publicationState === "PUBLISHED"
        ? P.el("a", { href: P.base + "/pub/" + encodeURIComponent(p.id), text: title(p) })
        : P.el("span", { text: title(p) });
      var edit = P.el("button", { type: "button", text: "Edit" });
      var pub = P.el("button", { type: "button", text: "Publication…" });
      var del = P.el("button", { type: "button", class: "danger", text: "Delete" });
      edit.addEventListener("click", function () { openEditor(p); });
      pub.addEventListener("click", function () { openPublication(p); });
      del.addEventListener("click", function () { remove(p); });
      tbody.appendChild(P.el("tr", { "data-id": p.id },
        P.el("td", { class: "title" }, link, P.el("br"), P.el("small", { class: "muted", text: p.id })),
        P.el("td", { class: "state state-" + p.publicationState.toLowerCase(), text: STATE[p.publicationState] || p.publicationState }),
        P.el("td", { class: "date", text: P.formatTime(p.publishedAt) }),
        P.el("td", { class: "actions" }, edit, " ", pub, " ", del)
      ));
    });
    document.getElementById("posts-empty").hidden = posts.length > 0 || offset > 0;
    document.getElementById("posts-prev").hidden = offset === 0;
    document.getElementById("posts-next").hidden = !more;
    document.getElementById("posts-pageinfo").textContent = posts.length
      ? "Posts " + (offset + 1) + "–" + (offset + posts.length) : "";
  }

  function reload() {
    return P.loadPosts(onError).catch(onError);
  }

  var MY_POST = "query($id: ID!) { myPost(id: $id) { id content } }";

  function openEditor(p) {
    var f = document.getElementById("post-editor");
    editing = p;
    f.reset();
    P.showFormError(f, "");
    document.getElementById("post-editor-title").textContent = p ? "Edit " + title(p) : "New post";
    if (p) {
      f.elements.locale.value = p.locale;
      f.elements.allowLikes.checked = p.allowLikes;
      f.elements.allowReplies.checked = p.allowReplies;
      // The list carries no Markdown; fetch this post's source to edit it.
      f.elements.content.disabled = true;
      P.gql(MY_POST, { id: p.id }).then(function (d) {
        if (editing !== p) return;
        f.elements.content.value = d.myPost.content;
        f.elements.content.disabled = false;
        f.elements.content.focus();
      }, function (err) {
        f.elements.content.disabled = false;
        onError(err);
      });
    }
    f.hidden = false;
    if (!p) f.elements.content.focus();
  }

  function saveEditor(ev) {
    ev.preventDefault();
    var f = ev.target;
    var input = {
      content: f.elements.content.value,
      locale: f.elements.locale.value.trim(),
      allowLikes: f.elements.allowLikes.checked,
      allowReplies: f.elements.allowReplies.checked,
    };
    var op = editing ? P.gql(UPDATE, { id: editing.id, in: input }) : P.gql(CREATE, { in: input });
    op.then(function () {
      f.hidden = true;
      editing = null;
      return reload();
    }, function (err) {
      if (err.code === "BAD_USER_INPUT") P.showFormError(f, P.describe(err));
      else onError(err);
    });
  }

  function openPublication(p) {
    var d = document.getElementById("pub-dialog");
    var f = document.getElementById("pub-form");
    publishing = p;
    P.showFormError(f, "");
    document.getElementById("pub-post-title").textContent = title(p) + " (" + p.id + ")";
    f.elements.enabled.checked = !!p.publishedAt;
    f.elements.at.value = P.toLocalInput(p.publishedAt ? new Date(p.publishedAt) : new Date());
    describe();
    d.showModal();
  }

  // describe says what saving the dialog will do.
  function describe() {
    var f = document.getElementById("pub-form");
    f.elements.at.disabled = !f.elements.enabled.checked;
    var msg = "Saving unpublishes the post.";
    if (f.elements.enabled.checked) {
      var t = new Date(f.elements.at.value);
      if (isNaN(t.getTime())) msg = "Enter a date and time.";
      else msg = t.getTime() > Date.now() ? "Scheduled: published automatically at that time." : "Published now (the date shown is the publication date).";
    }
    document.getElementById("pub-state").textContent = msg;
  }

  function savePublication(ev) {
    ev.preventDefault();
    var f = ev.target;
    var at = null;
    if (f.elements.enabled.checked) {
      var t = new Date(f.elements.at.value);
      if (isNaN(t.getTime())) {
        P.showFormError(f, "Enter a valid date and time.");
        return;
      }
      at = t.toISOString();
    }
    P.gql(PUBLISH, { id: publishing.id, t: at }).then(function () {
      document.getElementById("pub-dialog").close();
      return reload();
    }, function (err) {
      if (err.code === "BAD_USER_INPUT") P.showFormError(f, P.describe(err));
      else {
        document.getElementById("pub-dialog").close();
        onError(err);
      }
    });
  }

  function remove(p) {
    if (!window.confirm("Delete “" + title(p) + "”? This cannot be undone.")) return;
    P.gql(DELETE, { id: p.id }).then(reload, onError);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.getElementById("post-new").addEventListener("click", function () { openEditor(null); });
    document.getElementById("post-editor").addEventListener("submit", saveEditor);
    document.querySelector("#post-editor [data-cancel]").addEventListener("click", function () {
      document.getElementById("post-editor").hidden = true;
    });
    var f = document.getElementById("pub-form");
    f.addEventListener("submit", savePublication);
    f.elements.enabled.addEventListener("change", describe);
    f.elements.at.addEventListener("input", describe);
    f.querySelector("[data-cancel]").addEventListener("click", function () {
      document.getElementById("pub-dialog").close();
    });
    document.getElementById("posts-prev").addEventListener("click", function (ev) {
      ev.preventDefault();
      offset = Math.max(0, offset - LIMIT);
      reload();
    });
    document.getElementById("posts-next").addEventListener("click", function (ev) {
      ev.preventDefault();
      offset += LIMIT;
      reload();
    });
  });
})();
