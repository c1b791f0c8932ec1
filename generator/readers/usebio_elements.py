"""Reading USEBIO elements by name, with the element paths our error messages quote."""

from __future__ import annotations

from xml.etree.ElementTree import Element

from ..model import Player


def text(parent: Element, tag: str) -> str:
    """The stripped text of the first child ``tag``; '' when there is none."""
    child = parent.find(tag)
    return (child.text or "").strip() if child is not None else ""


def child_texts(parent: Element) -> dict[str, str]:
    """Every child's stripped text by tag, the first child of a tag winning (as ``text`` reads
    it): one pass over a traveller line instead of a search per field."""
    return {child.tag: (child.text or "").strip() for child in reversed(parent)}


def indexed(parent: Element, tag: str, path: str) -> list[tuple[Element, str]]:
    """Children with their element paths ('EVENT/BOARD[3]'); no index when there is one."""
    children = parent.findall(tag)
    if len(children) == 1:
        return [(children[0], f"{path}/{tag}")]
    return [(c, f"{path}/{tag}[{i}]") for i, c in enumerate(children, 1)]


def attribute_or_child(elem: Element, name: str) -> str:
    """A value some programs write as an attribute and others as a child element."""
    return (elem.get(name) or text(elem, name)).strip()


def players(parent: Element) -> tuple[Player, ...]:
    """The named PLAYERs directly under ``parent``; a national id of 0 means none."""
    found = []
    for p in parent.findall("PLAYER"):
        name = text(p, "PLAYER_NAME")
        if name:
            number = text(p, "NATIONAL_ID_NUMBER")
            found.append(Player(name, number if number not in ("", "0") else None))
    return tuple(found)


def section_name(elem: Element, container: Element, index: int) -> str:
    """A section's name: SECTION_ID (attribute or child) or SECTION_NAME, else A, B, ... by
    place; '' when the session has no SECTION elements (the container holds the pairs)."""
    if elem is container:
        return ""
    return elem.get("SECTION_ID") or text(elem, "SECTION_ID") or text(elem, "SECTION_NAME") or chr(ord("A") + index)


__all__ = ["attribute_or_child", "child_texts", "indexed", "players", "section_name", "text"]
