#!/usr/bin/env python3
"""Extracts from Discord's published OpenAPI description the JSON schemas of the request
bodies the bot sends, for the fake Discord to check them (tests/fake_discord/schema.rs).

    git clone https://github.com/discord/discord-api-spec
    python3 tests/fake_discord/openapi/extract.py discord-api-spec > tests/fake_discord/openapi/requests.json

Writes one JSON document: `requests` maps each operation's id to the schema of its
`application/json` body, and `components.schemas` holds every schema those refer to,
directly or not, unchanged, so their `#/components/schemas/...` references resolve in
the document itself. The spec is MIT (LICENSE here, copied from that repository).
"""

import json
import subprocess
import sys

# The operations the bot calls with a JSON body (or a multipart one whose `payload_json`
# is that JSON): (path, method), as the spec names them.
OPERATIONS = [
    ("/applications/{application_id}/commands", "put"),
    ("/applications/{application_id}/guilds/{guild_id}/commands", "put"),
    ("/interactions/{interaction_id}/{interaction_token}/callback", "post"),
    ("/webhooks/{webhook_id}/{webhook_token}", "post"),
    ("/webhooks/{webhook_id}/{webhook_token}/messages/@original", "patch"),
    ("/channels/{channel_id}/messages", "post"),
    ("/channels/{channel_id}/messages/{message_id}", "patch"),
]

PREFIX = "#/components/schemas/"


def main(repo):
    commit = subprocess.run(
        ["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    with open(f"{repo}/specs/openapi.json", encoding="utf-8") as f:
        spec = json.load(f)
    schemas = spec["components"]["schemas"]
    wanted = {}

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "$ref" and isinstance(value, str):
                    assert value.startswith(PREFIX), value
                    name = value[len(PREFIX):]
                    if name not in wanted:
                        wanted[name] = schemas[name]
                        walk(schemas[name])
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    requests = {}
    for path, method in OPERATIONS:
        operation = spec["paths"][path][method]
        schema = operation["requestBody"]["content"]["application/json"]["schema"]
        requests[operation["operationId"]] = {
            "$comment": f"{method.upper()} {path}",
            **schema,
        }
        walk(schema)
    document = {
        "$comment": "Extracted by extract.py from specs/openapi.json of "
        "https://github.com/discord/discord-api-spec (MIT, see LICENSE); do not edit.",
        "source": {
            "repository": "https://github.com/discord/discord-api-spec",
            "file": "specs/openapi.json",
            "commit": commit,
            "openapi": spec["openapi"],
            "api_version": spec["info"]["version"],
        },
        "requests": requests,
        "components": {"schemas": {name: wanted[name] for name in sorted(wanted)}},
    }
    json.dump(document, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
