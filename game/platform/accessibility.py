"""The game's screen told to a screen reader, through AccessKit (issue 39).

AccessKit exposes a tree of nodes to the platform's accessibility interface: AT-SPI on
Linux (what Orca reads), UI Automation on Windows (NVDA, Narrator), NSAccessibility on
macOS. :class:`Bridge` is the game's one use of it: it makes the platform's adapter for
the window, gives it the tree the scene describes (:class:`Described`) whenever the
adapter is active (a screen reader is running: AccessKit's Linux adapter stays off until
AT-SPI says one is, and costs nothing then), and turns the screen reader's requests
(focus this, press that) into pygame events for the loop, on the loop's thread.

Without the ``accesskit`` package (a platform without its wheels) or with no adapter for
the platform, :func:`bridge` is None and nothing else changes.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

ACCESS_EVENT = pygame.event.custom_type()
"""The loop's event for a screen reader's request: ``action`` ("focus" or "click") and
``target`` (the node's key); or ``refresh``: a screen reader started listening."""

ROLES = {
    "window": "WINDOW",
    "button": "BUTTON",
    "text": "LABEL",
    "announcement": "LABEL",
    "table": "LIST_BOX",
    "slot": "LIST_BOX_OPTION",
    "status": "STATUS",
    "dialog": "DIALOG",
}
"""The game's roles and AccessKit's for each: a table is a list of slots, each of which
can be selected; the info bar is a status line; a panel over a screen is a dialog."""
VALUED = {"text", "announcement"}
"""Roles whose words are the node's value (a label's text), not its name."""


@dataclass(frozen=True)
class Described:
    """One node the scene shows: its key (unique on the screen), role (see
    :data:`ROLES`), name as a sighted player reads it, and place on the window."""

    key: str
    role: str
    name: str
    bounds: tuple[int, int, int, int]
    children: tuple[str, ...] = field(default=())
    enabled: bool = True
    selected: bool | None = None
    """For a slot: whether it is selected (None: it cannot be)."""


class Bridge:
    """The window's accessibility adapter (see the module's docstring).

    AccessKit calls the activation and deactivation handlers on its own thread while it
    holds its adapter's lock, and they need Python's lock to run; the loop's calls into
    the adapter hold Python's lock while they wait for the adapter's. So the loop calls
    the adapter only once an activation is done, and an activation asks for nothing but
    the loop's attention: it gives no tree (the adapter waits for the loop's next
    update), sets :attr:`active` last of all (after a plain assignment Python does not
    hand its lock to another thread before the handler has returned) and posts
    ``refresh``. A deactivation can still meet a loop's update half way (a screen
    reader quitting in that instant): AccessKit's Python binding holds Python's lock
    through its calls (docs/accessibility.md).
    """

    def __init__(self, accesskit: Any, window_info: dict[str, Any]) -> None:
        self._ak = accesskit
        self._ids: dict[str, int] = {}
        self._keys: dict[int, str] = {}
        self._nodes: Sequence[Described] = ()
        self._focus: str | None = None
        self._window_focus: bool | None = None
        self._told_window_focus: bool | None = None
        self.active = False
        """A screen reader listens, and the adapter has been activated for it."""
        self._adapter = _adapter(
            accesskit, window_info, self._activated, self._request, self._deactivated
        )

    def show(self, describe: Callable[[], tuple[Sequence[Described], str | None]]) -> None:
        """The screen as it is now, given to the screen reader while one listens:
        ``describe`` gives its nodes (the first is the window) and the key of the one the
        keyboard is on; it is called only then, so describing costs nothing otherwise."""
        if not self.active:
            return
        if self._window_focus is not None and self._window_focus != self._told_window_focus:
            self._told_window_focus = self._window_focus
            update = getattr(self._adapter, "update_window_focus_state", None)
            events = update(self._window_focus) if update is not None else None
            if events is not None:
                events.raise_events()
        events = self._adapter.update_if_active(lambda: self._changes(*describe()))
        if events is not None:
            events.raise_events()

    def window_focused(self, focused: bool) -> None:
        """The window got or lost the keyboard's focus (pygame's WINDOWFOCUS* events);
        told to the adapter with the next :meth:`show`."""
        self._window_focus = focused

    # ------------------------------------------------------------------ inside
    def _id(self, key: str) -> int:
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = len(self._ids) + 1
            self._keys[found] = key
        return found

    def _activated(self) -> None:
        """A screen reader started listening (AccessKit's thread, its lock held): the
        next :meth:`show` gives the whole tree; the loop is asked for it at once."""
        self._nodes, self._told_window_focus = (), None
        pygame.event.post(pygame.event.Event(ACCESS_EVENT, action="refresh", target=""))
        self.active = True  # last (see the class's docstring)

    def _deactivated(self) -> None:
        """The screen reader stopped listening (AccessKit's thread, its lock held)."""
        self.active = False

    def _changes(self, nodes: Sequence[Described], focus: str | None) -> Any:
        """The update from the tree last given to ``nodes``: the nodes that changed (all
        of them when the set of nodes did) and the focus."""
        nodes = tuple(nodes)
        before = {n.key: n for n in self._nodes}
        same_keys = [n.key for n in nodes] == [n.key for n in self._nodes]
        changed = [n for n in nodes if before.get(n.key) != n] if same_keys else list(nodes)
        self._nodes, self._focus = nodes, focus
        return self._tree_update(nodes, focus, changed)

    def _tree_update(
        self, nodes: Sequence[Described], focus: str | None, changed: Sequence[Described]
    ) -> Any:
        ak = self._ak
        nodes = nodes or (Described("window", "window", "", (0, 0, 0, 0)),)
        changed = changed or nodes[:1]
        root = nodes[0]
        focus = focus if focus in {n.key for n in nodes} else root.key
        update = ak.TreeUpdate(self._id(focus))
        update.tree = ak.Tree(self._id(root.key))
        for described in changed:
            node = ak.Node(getattr(ak.Role, ROLES[described.role]))
            x, y, w, h = described.bounds
            node.set_bounds(ak.Rect(float(x), float(y), float(x + w), float(y + h)))
            if described.role in VALUED:
                node.set_value(described.name)
            else:
                node.set_label(described.name)
            if described.role == "button" and described.enabled:
                node.add_action(ak.Action.CLICK)
                node.add_action(ak.Action.FOCUS)
            elif described.role == "button":
                node.set_disabled()
            if described.role == "announcement":
                node.set_live(ak.Live.POLITE)
            if described.role == "slot":
                node.add_action(ak.Action.CLICK)
                node.add_action(ak.Action.FOCUS)
            if described.selected is not None:
                node.set_selected(described.selected)
            children = described.children
            if described.key == root.key:
                children = tuple(n.key for n in nodes[1:] if n.key not in _inside(nodes))
            if children:
                node.set_children([self._id(key) for key in children])
            update.nodes.append((self._id(described.key), node))
        return update

    def _request(self, request: Any) -> None:
        """A screen reader's request (on AccessKit's thread): posted to the loop."""
        ak = self._ak
        action = {ak.Action.FOCUS: "focus", ak.Action.CLICK: "click"}.get(request.action)
        key = self._keys.get(int(request.target))
        if action is not None and key is not None:
            pygame.event.post(pygame.event.Event(ACCESS_EVENT, action=action, target=key))


def _inside(nodes: Sequence[Described]) -> set[str]:
    """The keys of nodes that are some node's child (the rest are the window's)."""
    return {key for n in nodes for key in n.children}


def _adapter(
    ak: Any,
    window_info: dict[str, Any],
    activated: Callable[[], None],
    request: Callable[..., None],
    deactivated: Callable[[], None],
) -> Any:
    if sys.platform == "win32":
        return ak.windows.SubclassingAdapter(window_info["window"], activated, request)
    if sys.platform == "darwin":
        ak.macos.add_focus_forwarder_to_window_class("SDLWindow")
        return ak.macos.SubclassingAdapter.for_window(window_info["window"], activated, request)
    return ak.unix.Adapter(activated, request, deactivated)


def bridge() -> Bridge | None:
    """The window's bridge, or None where there is none to have (no ``accesskit``, no
    adapter for the platform, ``HALFMOON_ACCESSIBILITY=0``). Call once the window shows."""
    if os.environ.get("HALFMOON_ACCESSIBILITY", "").strip() == "0":
        return None
    try:
        import accesskit  # type: ignore[import-untyped]
    except ImportError:
        return None
    try:
        # The window's handle is for Windows' and macOS' adapters only: on Wayland,
        # pygame's get_wm_info crashed the game (tests/test_wayland.py).
        window = dict(pygame.display.get_wm_info()) if sys.platform in ("win32", "darwin") else {}
        return Bridge(accesskit, window)
    except Exception:  # an adapter the platform refuses: the game goes on without it
        return None
