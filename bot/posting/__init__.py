"""What the channel sees and presses: posts, buttons, panels, pages, recaps, and the
outbox that delivers them."""
