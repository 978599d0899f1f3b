"""Print and play (issue #33): a deck as a PDF of proxies at the cards' size, with crop marks, bleed and backs.

The sheet is drawn by the collections app (cardcollections.printing); this feature finds the deck's cards and
answers the page and the API, on the deck page's rules for who may read a deck.
"""
