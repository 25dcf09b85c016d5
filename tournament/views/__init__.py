"""The tournament's views, one module per screen or subject: thin (form -> one service or
selector -> a page or one ``{% partialdef %}``); ``section`` parses the floor-section cookie
shared with the floor's views."""
