"""A text field that applies every key in the order the keys came, however fast they come."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class TextInput(Input):
    """An Input whose editing keys (Backspace, Delete, arrows, Home …) act in order with letters.

    Textual's Input inserts a letter as soon as the key reaches it, but runs its key bindings
    only once the key has bubbled up to the app. In a burst (``14 × Backspace`` then
    ``Abcdefghij`` over a slow link) the letters land first and the late Backspaces then delete
    them. Here a key bound by the field itself runs at once, in turn with the letters.
    """

    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if binding.priority:
                continue
            if await self.app.run_action(binding.action, self):
                # Handled here: not again by the app's bindings, nor by Input's own handler.
                event.prevent_default()
                event.stop()
                return
