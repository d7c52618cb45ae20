"""The modern edition (2nd edition, 2012): the Doge wheel, blockades, skull dice."""
