"""Our LangChain output through Python LangChain: each case loaded by
langchain_core.messages.convert_to_messages (what LangGraph's add_messages
calls), then turned into the request ChatOpenAI and ChatAnthropic would send.

Reads {"cases": [{"name", "messages"}]} on stdin, writes for each case
{"name", "loaded": [types], "openai": {"body"} | {"error"}, "anthropic": ...}.
"""

import json
import sys
import warnings

from langchain_anthropic import ChatAnthropic
from langchain_core.messages import convert_to_messages
from langchain_openai import ChatOpenAI

MODELS = {
    "openai": ChatOpenAI(model="gpt-4o", api_key="sk-test"),
    "anthropic": ChatAnthropic(model="claude-sonnet-4-5", api_key="sk-ant-test"),
}


def request(model, messages):
    # `_get_request_payload` builds the body both classes post, and is all of
    # sending that depends on the messages; it is private, which the pinned
    # versions in requirements.txt make safe to rely on.
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return {"body": model._get_request_payload(messages)}
    except Exception as e:  # noqa: BLE001 - every refusal is reported, whatever its class
        return {"error": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"}


def main():
    out = []
    for case in json.load(sys.stdin)["cases"]:
        entry = {"name": case["name"]}
        try:
            messages = convert_to_messages(case["messages"])
        except Exception as e:  # noqa: BLE001
            entry["load_error"] = f"{type(e).__name__}: {e}"
            out.append(entry)
            continue
        entry["loaded"] = [
            {
                "type": m.type,
                "id": m.id,
                "tool_calls": len(getattr(m, "tool_calls", []) or []),
                "additional_kwargs": m.additional_kwargs,
            }
            for m in messages
        ]
        for vendor, model in MODELS.items():
            entry[vendor] = request(model, messages)
        out.append(entry)
    json.dump({"cases": out}, sys.stdout, default=str)


if __name__ == "__main__":
    main()
