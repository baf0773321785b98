#!/usr/bin/env python3
"""Fails when the SDK uses a Foundation (or AppKit) API that Apple's iOS SDK does not have.

TaplineSDK's first platform is the iPhone, but CI builds it on Linux only, where such code
compiles (FileManager.homeDirectoryForCurrentUser did, and the SDK stopped building for
iOS). This check reads Sources/TaplineSDK and Sources/TaplineSDKProximityReader as the iOS
compiler would: comments and string literals do not count, and neither does code in a branch of
`#if` that iOS does not compile (`#if os(macOS)`, `#if os(Linux) || os(macOS)`,
`#if canImport(FoundationNetworking)`, ...); a condition it cannot decide (DEBUG, arch(...))
counts as compiled.

UNAVAILABLE_ON_IOS is the maintained list. Each name is in it because Apple's documentation
gives it no iOS availability (macOS, at most Mac Catalyst); names that look macOS-only but
exist on iOS stay out (NSUserName(), NSFullUserName(), NSHomeDirectory(),
NSHomeDirectoryForUser(_:), ProcessInfo.hostName, URL.homeDirectory). Add a name when it
bites, with its replacement.

Usage: python3 scripts/check_sdk_ios_api.py [repository root]   (exit 1: the SDK uses one)
"""
import os
import re
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from swift_ios_view import ios_lines  # noqa: E402

SCANNED = ["Sources/TaplineSDK", "Sources/TaplineSDKProximityReader"]

# (pattern, the API, what to use on iOS instead)
UNAVAILABLE_ON_IOS = [
    (r"\bhomeDirectoryForCurrentUser\b", "FileManager.homeDirectoryForCurrentUser (macOS only)",
     "the app's Application Support folder: FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)"),
    (r"\bFileManager\s*\.\s*default\s*\.\s*homeDirectory\s*\(\s*forUser\s*:", "FileManager.homeDirectory(forUser:) (macOS only)",
     "the app's own folders (FileManager.default.urls(for:in:))"),
    (r"\bProcess\b", "Process (NSTask; iOS cannot start processes)", "no subprocess on iOS"),
    (r"\bNSTask\b", "NSTask (macOS only)", "no subprocess on iOS"),
    (r"\bNSHost\b|\bHost\s*\.\s*current\b|\bHost\s*\(\s*(?:name|address)\s*:", "Host / NSHost (macOS only)",
     "ProcessInfo.processInfo.hostName"),
    (r"\bprocessInfo\s*\.\s*(?:userName|fullUserName)\b", "ProcessInfo.userName / fullUserName (macOS only)",
     "NSUserName() / NSFullUserName()"),
    (r"\b(?:en|dis)able(?:Sudden|Automatic)Termination\b", "ProcessInfo sudden/automatic termination (macOS only)",
     "nothing: iOS manages an app's life itself"),
    (r"\bNSAppleScript\b|\bNSAppleEvent(?:Descriptor|Manager)\b", "NSAppleScript / Apple events (macOS only)", "nothing on iOS"),
    (r"\bNSUser(?:Unix|Apple|Automator)?ScriptTask\b|\bNSUserUnixTask\b", "NSUserScriptTask and its kinds (macOS only)",
     "nothing on iOS"),
    (r"\b(?:NS)?DistributedNotificationCenter\b", "DistributedNotificationCenter (macOS only)", "NotificationCenter"),
    (r"\bNSBackgroundActivityScheduler\b", "NSBackgroundActivityScheduler (macOS only)", "BackgroundTasks' BGTaskScheduler"),
    (r"\bNSUserNotification(?:Center)?\b", "NSUserNotification (macOS only)", "UserNotifications' UNUserNotificationCenter"),
    (r"\bNSWorkspace\b", "NSWorkspace (AppKit, macOS only)", "UIApplication.shared.open(_:)"),
    (r"^\s*import\s+(?:AppKit|Cocoa)\b", "import AppKit / Cocoa (macOS only)", "Foundation, or UIKit behind #if canImport(UIKit)"),
]


def findings(text):
    """(line number, API, replacement) for each unavailable API iOS would compile in `text`."""
    found = []
    for number, line in ios_lines(text):
        for pattern, api, instead in UNAVAILABLE_ON_IOS:
            if re.search(pattern, line):
                found.append((number, api, instead))
    return found


def self_check():
    """The check must catch a bare use and pass guarded ones, or it proves nothing."""
    bad = "let home = FileManager.default.homeDirectoryForCurrentUser\n"
    cases = [
        (bad, 1),
        ("#if os(macOS)\n" + bad + "#endif\n", 0),
        ("#if os(Linux) || os(macOS)\n" + bad + "#else\nlet x = 1\n#endif\n", 0),
        ("#if os(Linux) || os(macOS)\nlet x = 1\n#else\n" + bad + "#endif\n", 1),
        ("#if os(iOS)\nlet x = 1\n#elseif os(macOS)\n" + bad + "#else\n" + bad + "#endif\n", 0),
        ("#if !os(iOS)\n" + bad + "#endif\n", 0),
        ("#if canImport(FoundationNetworking)\nlet p = Process()\n#endif\n", 0),
        ("#if DEBUG\n" + bad + "#endif\n", 1),
        ("#if canImport(ProximityReader) && os(iOS)\nlet p = Process()\n#endif\n", 1),
        ("// homeDirectoryForCurrentUser is macOS only\nlet s = \"homeDirectoryForCurrentUser\"\n", 0),
        ('let s = """\n  Process\n  """\nlet i = ProcessInfo.processInfo.hostName\n', 0),
        ('let s = "\\(FileManager.default.homeDirectoryForCurrentUser.path)"\n', 1),
        ("let user = ProcessInfo.processInfo.userName\n", 1),
    ]
    for source, expected in cases:
        got = len(findings(source))
        if got != expected:
            sys.exit(f"check_sdk_ios_api.py is broken: expected {expected} finding(s), got {got}, in:\n{source}")


def main():
    self_check()
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    problems = []
    for folder in SCANNED:
        for directory, _, files in os.walk(os.path.join(root, folder)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as source:
                    for number, api, instead in findings(source.read()):
                        problems.append(f"{os.path.relpath(path, root)}:{number}: {api} is not in Apple's iOS SDK; use {instead}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print("TaplineSDK must build for iOS: use an API iOS has, or guard the line with "
              "#if os(macOS) (or os(Linux) || os(macOS)) and give iOS its own branch.", file=sys.stderr)
        sys.exit(1)
    print(f"TaplineSDK uses no API missing from iOS ({len(UNAVAILABLE_ON_IOS)} kinds checked in {', '.join(SCANNED)})")


if __name__ == "__main__":
    main()
