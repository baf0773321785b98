"""Swift source as the iOS compiler reads it: comments and string literals blanked, and the
branches of `#if` that iOS does not compile left out. For check_sdk_ios_api.py.

Conditions are decided as for iOS: os(iOS) holds and every other os(...) does not;
canImport(...) holds for the modules iOS has and not for Linux's or the Mac's (a module named
in neither set is undecided); anything else (DEBUG, arch(...), swift(...)) is undecided, and
an undecided branch counts as compiled, so a check over it errs towards reporting.
"""
import re

# What `canImport` answers when compiling for iOS; a module not named here is undecided.
IOS_MODULES = {"Foundation", "Darwin", "Security", "UIKit", "ProximityReader", "Combine", "SwiftUI", "CryptoKit",
               "Network", "os", "Dispatch", "ObjectiveC", "CoreFoundation", "LocalAuthentication", "CoreLocation",
               "UserNotifications", "BackgroundTasks"}
NOT_IOS_MODULES = {"FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Bionic", "Android", "WinSDK", "ucrt",
                   "WASILibc", "AppKit", "Cocoa"}

UNKNOWN = None  # a condition this check cannot decide: its branch is read as compiled
STRING_OPENING = re.compile(r'(#*)("""|")')


def strip_comments_and_strings(text):
    """The text with comments and string literals blanked (newlines kept, so line numbers
    hold); code inside string interpolation `\\( … )` stays, since it is compiled."""
    out = []
    i, n = 0, len(text)
    # Stack of what we are in: ("code", paren depth) or ("string", closing delimiter, raw hashes)
    stack = [("code", 0)]
    while i < n:
        top = stack[-1]
        c = text[i]
        if top[0] == "code":
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                out.append(" " * (end - i))
                i = end
            elif text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                out.append(re.sub(r"[^\n]", " ", text[i:j]))
                i = j
            else:
                m = STRING_OPENING.match(text, i)
                if m:  # a string literal opens here: "…", """…""" or a raw #"…"#
                    hashes, quote = m.group(1), m.group(2)
                    stack.append(("string", quote + hashes, hashes))
                    out.append(" " * (m.end() - i))
                    i = m.end()
                    continue
                if c == "(":
                    stack[-1] = ("code", top[1] + 1)
                elif c == ")":
                    if top[1] == 0 and len(stack) > 1:
                        stack.pop()  # the end of an interpolation: back in the string
                        out.append(" ")
                        i += 1
                        continue
                    stack[-1] = ("code", top[1] - 1)
                out.append(c)
                i += 1
        else:
            _, closing, hashes = top
            if text.startswith(closing, i):
                stack.pop()
                out.append(" " * len(closing))
                i += len(closing)
            elif text.startswith("\\" + hashes + "(", i):
                stack.append(("code", 0))
                out.append(" " * (len(hashes) + 2))
                i += len(hashes) + 2
            elif text.startswith("\\" + hashes, i) and i + len(hashes) + 1 < n:
                escaped = text[i:i + len(hashes) + 2]
                out.append(re.sub(r"[^\n]", " ", escaped))
                i += len(escaped)
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
    return "".join(out)


def evaluate(condition):
    """True, False or UNKNOWN: whether iOS compiles a branch under `condition`."""
    tokens = re.findall(r"&&|\|\||!|\(|\)|[A-Za-z_][A-Za-z0-9_]*\s*\([^()]*\)|[A-Za-z_][A-Za-z0-9_]*", condition)
    position = 0

    def peek():
        return tokens[position] if position < len(tokens) else None

    def take():
        nonlocal position
        position += 1
        return tokens[position - 1]

    def atom():
        token = take()
        if token == "!":
            value = atom()
            return UNKNOWN if value is UNKNOWN else not value
        if token == "(":
            value = disjunction()
            take()  # ")"
            return value
        call = re.fullmatch(r"([A-Za-z_]+)\s*\(\s*([^()]*?)\s*\)", token)
        if call:
            name, argument = call.groups()
            if name == "os":
                return argument == "iOS"
            if name == "canImport":
                module = argument.split(",")[0].strip()
                return True if module in IOS_MODULES else False if module in NOT_IOS_MODULES else UNKNOWN
            if name == "targetEnvironment":
                return False if argument == "macCatalyst" else UNKNOWN
            return UNKNOWN  # arch(...), swift(...), compiler(...), hasFeature(...)
        return {"true": True, "false": False}.get(token, UNKNOWN)  # DEBUG and other flags

    def conjunction():
        value = atom()
        while peek() == "&&":
            take()
            other = atom()
            value = False if value is False or other is False else UNKNOWN if UNKNOWN in (value, other) else True
        return value

    def disjunction():
        value = conjunction()
        while peek() == "||":
            take()
            other = conjunction()
            value = True if value is True or other is True else UNKNOWN if UNKNOWN in (value, other) else False
        return value

    return disjunction()


def ios_lines(text):
    """(line number, code) for every line iOS compiles, comments and strings blanked."""
    compiled = []
    # Per open #if: is its current branch read; has an earlier branch surely been taken.
    blocks = []
    for number, line in enumerate(strip_comments_and_strings(text).split("\n"), start=1):
        directive = re.match(r"\s*#(if|elseif|else|endif)\b(.*)", line)
        outer = all(reading for reading, _ in blocks)
        if directive:
            kind, rest = directive.group(1), directive.group(2).strip()
            if kind == "if":
                value = evaluate(rest)
                blocks.append((value is not False, value is True))
            elif kind == "elseif" and blocks:
                _, taken = blocks[-1]
                value = evaluate(rest)
                blocks[-1] = (not taken and value is not False, taken or value is True)
            elif kind == "else" and blocks:
                _, taken = blocks[-1]
                blocks[-1] = (not taken, True)
            elif kind == "endif" and blocks:
                blocks.pop()
            continue
        if outer:
            compiled.append((number, line))
    return compiled
