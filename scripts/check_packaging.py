#!/usr/bin/env python3
"""Checks packaging/Containerfile and packaging/tapline.service without a container engine or
a running systemd (neither exists on the project's machines): the Containerfile parses, builds
in stages, runs as a non-root user with a health probe; the unit passes `systemd-analyze verify`
with no warning. Needs: pip install dockerfile-parse; systemd-analyze (Debian's systemd)."""
import os
import re
import subprocess
import sys
import tempfile

from dockerfile_parse import DockerfileParser

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
problems = []

parser = DockerfileParser(fileobj=open(os.path.join(root, "packaging", "Containerfile"), "rb"))
instructions = parser.structure
known = {"FROM", "RUN", "COPY", "WORKDIR", "USER", "VOLUME", "ENV", "EXPOSE", "HEALTHCHECK", "STOPSIGNAL", "ENTRYPOINT", "CMD", "COMMENT",
         "ARG", "LABEL"}
for instruction in instructions:
    if instruction["instruction"] not in known:
        problems.append(f"Containerfile line {instruction['startline'] + 1}: unknown instruction {instruction['instruction']}")
stages = [i for i in instructions if i["instruction"] == "FROM"]
if len(stages) < 2:
    problems.append("Containerfile: expected a build stage and a runtime stage")
final = [i for i in instructions if i["startline"] >= stages[-1]["startline"]] if stages else []
users = [i["value"].split(":")[0] for i in final if i["instruction"] == "USER"]
if not users or users[-1] in ("root", "0"):
    problems.append("Containerfile: the runtime stage must run as a non-root USER")
for needed in ("HEALTHCHECK", "EXPOSE", "ENTRYPOINT", "STOPSIGNAL"):
    if not any(i["instruction"] == needed for i in final):
        problems.append(f"Containerfile: the runtime stage has no {needed}")
if not any(i["instruction"] == "COPY" and "--from=build" in i["value"] for i in final):
    problems.append("Containerfile: the runtime stage copies nothing from the build stage")
if not re.search(r"tapline_Gateway\.resources", parser.content):
    problems.append("Containerfile: the binary's resources (tapline_Gateway.resources) are not copied")

unit = os.path.join(root, "packaging", "tapline.service")
text = open(unit).read()
if "ExecStart=/usr/local/bin/tapline serve" not in text:
    problems.append("tapline.service: ExecStart must run /usr/local/bin/tapline serve")
with tempfile.TemporaryDirectory() as folder:
    # verify checks that ExecStart's program exists: stand in one that does.
    copy = os.path.join(folder, "tapline.service")
    open(copy, "w").write(text.replace("/usr/local/bin/tapline", "/bin/true"))
    result = subprocess.run(["systemd-analyze", "verify", copy], capture_output=True, text=True)
    said = (result.stdout + result.stderr).strip()
    if result.returncode != 0 or said:
        problems.append(f"tapline.service: systemd-analyze verify: {said or result.returncode}")

for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"packaging: Containerfile ({len(instructions)} instructions, {len(stages)} stages) and tapline.service check out")
