/* global document, location, window */
/*
 * Ticket Shop widget loader. Paste beside an element
 *   <div data-ticket-shop-widget data-event-id="ev_…" data-checkout="new-tab"></div>
 * and it renders that event's ticket selector in an iframe sized to its content. data-checkout: "new-tab"
 * (default) continues the checkout in a new tab, "in-place" inside the frame. Kept tiny and dependency-free.
 */
(function () {
  var script = document.currentScript;
  var origin = new URL(script ? script.src : '/', location.href).origin;
  var frames = [];

  function mount(host) {
    if (host.getAttribute('data-ticket-shop-mounted')) return;
    var eventId = host.getAttribute('data-event-id');
    if (!eventId) return;
    host.setAttribute('data-ticket-shop-mounted', 'true');
    var mode = host.getAttribute('data-checkout') === 'in-place' ? 'in-place' : 'new-tab';
    var frame = document.createElement('iframe');
    frame.src = origin + '/widget/' + encodeURIComponent(eventId) + '?checkout=' + mode;
    frame.title = host.getAttribute('data-title') || 'Tickets';
    frame.loading = 'lazy';
    frame.setAttribute('allow', 'payment');
    frame.style.cssText =
      'width:100%;border:0;display:block;height:' + (host.getAttribute('data-height') || 480) + 'px';
    host.appendChild(frame);
    frames.push(frame);
  }

  window.addEventListener('message', function (message) {
    if (message.origin !== origin || !message.data) return;
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow !== message.source) continue;
      if (message.data.type === 'ticket-shop:height') {
        frames[i].style.height = Math.max(120, Math.min(20000, Number(message.data.height) || 0)) + 'px';
      } else if (message.data.type === 'ticket-shop:navigated') {
        // A new page in the frame (the checkout's next step): its top must be in view, not the end of the last.
        var top = frames[i].getBoundingClientRect().top;
        if (top < 0 || top > window.innerHeight) frames[i].scrollIntoView({ block: 'start' });
      }
    }
  });

  function mountAll() {
    var hosts = document.querySelectorAll('[data-ticket-shop-widget]');
    for (var i = 0; i < hosts.length; i++) mount(hosts[i]);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
  else mountAll();
})();
