// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/part.schema.json
// Regenerate: pnpm generate
// Variant: tolerant (specialised yes/no checks; ajv's validator is the reference)

/** A property whose schema accepts anything. */
function accept() {
  return true;
}
/** Length in code points, as ajv counts minLength and maxLength (a surrogate pair is one). */
function codePointLength(text) {
  let length = 0;
  for (let index = 0; index < text.length; index += 1) {
    length += 1;
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if ((next & 0xfc00) === 0xdc00) index += 1;
    }
  }
  return length;
}
const branches0 = new Map([["text", check4], ["reasoning", check5], ["tool_call", check6], ["tool_result", check7], ["image", check8], ["audio", check9], ["file", check10], ["plan_step", check11], ["code_diff", check12], ["command", check13], ["refusal", check14], ["compaction", check15], ["stream_chunk", check16], ["native", check17]]);
const members1 = new Set(["text", "reasoning", "tool_call", "tool_result", "image", "audio", "file", "plan_step", "code_diff", "command", "refusal", "compaction", "stream_chunk", "native"]);
const pattern2 = new RegExp("^(?:[^/\\n\\r  ]{3,}|[^./\\n\\r  ][^/\\n\\r  ]?|\\.[^./\\n\\r  ]?)(?:/(?:[^/\\n\\r  ]{3,}|[^./\\n\\r  ][^/\\n\\r  ]?|\\.[^./\\n\\r  ]?)?)*$", "u");
const members3 = new Set(["pending", "in_progress", "complete", "blocked", "cancelled"]);
const pattern4 = new RegExp("^[a-z0-9][a-z0-9.-]*$", "u");
const members5 = new Set(["added", "modified", "deleted", "renamed", "copied"]);
const pattern6 = new RegExp("^[0-7]{6}$", "u");
function check0(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (!(check3(data) ? check1(data) : check2(data))) return false;
  return true;
}
function check1(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    const branch = typeof data["type"] === "string" ? branches0.get(data["type"]) : undefined;
    if (branch === undefined || !branch(data)) return false;
  }
  return true;
}
function check2(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["type"] !== undefined && !check18(data["type"])) return false;
  return true;
}
function check3(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["type"] !== undefined && !check19(data["type"])) return false;
  return true;
}
function check4(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check20(value)) return false; break;
      case "text": if (value !== undefined && !check21(value)) return false; break;
      case "citations": if (value !== undefined && !check22(value)) return false; break;
      case "signature": if (value !== undefined && !check23(value)) return false; break;
      case "issuer": if (value !== undefined && !check24(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check5(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  if (data["encrypted_content"] !== undefined && (data["issuer"] === undefined)) return false;
  if (data["redacted_data"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check27(value)) return false; break;
      case "text": if (value !== undefined && !check28(value)) return false; break;
      case "summary": if (value !== undefined && !check29(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check30(value)) return false; break;
      case "signature": if (value !== undefined && !check31(value)) return false; break;
      case "encrypted_content": if (value !== undefined && !check32(value)) return false; break;
      case "redacted_data": if (value !== undefined && !check33(value)) return false; break;
      case "id": if (value !== undefined && !check34(value)) return false; break;
      case "issuer": if (value !== undefined && !check24(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check6(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["id"] === undefined) return false;
  if (data["name"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check35(value)) return false; break;
      case "id": if (value !== undefined && !check36(value)) return false; break;
      case "name": if (value !== undefined && !check37(value)) return false; break;
      case "input": if (value !== undefined && !check38(value)) return false; break;
      case "raw_input": if (value !== undefined && !check39(value)) return false; break;
      case "input_error": if (value !== undefined && !check40(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check41(value)) return false; break;
      case "native_type": if (value !== undefined && !check42(value)) return false; break;
      case "item_id": if (value !== undefined && !check43(value)) return false; break;
      case "signature": if (value !== undefined && !check44(value)) return false; break;
      case "issuer": if (value !== undefined && !check24(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  if (!(check46(data) ? check45(data) : true)) return false;
  return true;
}
function check7(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["call_id"] === undefined) return false;
  if (data["status"] === undefined) return false;
  if (data["truncated"] !== undefined && (data["original_size_bytes"] === undefined || data["truncation_strategy"] === undefined)) return false;
  if (data["original_size_bytes"] !== undefined && (data["truncated"] === undefined)) return false;
  if (data["truncation_strategy"] !== undefined && (data["truncated"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check47(value)) return false; break;
      case "call_id": if (value !== undefined && !check48(value)) return false; break;
      case "name": if (value !== undefined && !check49(value)) return false; break;
      case "status": if (value !== undefined && !check50(value)) return false; break;
      case "output": if (value !== undefined && !check51(value)) return false; break;
      case "content": if (value !== undefined && !check52(value)) return false; break;
      case "error": if (value !== undefined && !check53(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check54(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check55(value)) return false; break;
      case "native_type": if (value !== undefined && !check56(value)) return false; break;
      case "truncated": if (value !== undefined && !check57(value)) return false; break;
      case "original_size_bytes": if (value !== undefined && !check58(value)) return false; break;
      case "truncation_strategy": if (value !== undefined && !check59(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check8(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check60(value)) return false; break;
      case "media_type": if (value !== undefined && !check61(value)) return false; break;
      case "data": if (value !== undefined && !check62(value)) return false; break;
      case "url": if (value !== undefined && !check63(value)) return false; break;
      case "path": if (value !== undefined && !check64(value)) return false; break;
      case "file_id": if (value !== undefined && !check65(value)) return false; break;
      case "detail": if (value !== undefined && !check66(value)) return false; break;
      case "alt": if (value !== undefined && !check67(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  if (!(check69(data) ? check68(data) : true)) return false;
  return true;
}
function check9(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check70(value)) return false; break;
      case "media_type": if (value !== undefined && !check71(value)) return false; break;
      case "data": if (value !== undefined && !check72(value)) return false; break;
      case "url": if (value !== undefined && !check73(value)) return false; break;
      case "path": if (value !== undefined && !check74(value)) return false; break;
      case "file_id": if (value !== undefined && !check75(value)) return false; break;
      case "transcript": if (value !== undefined && !check76(value)) return false; break;
      case "id": if (value !== undefined && !check77(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  if (!(check78(data) ? check68(data) : true)) return false;
  return true;
}
function check10(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check79(value)) return false; break;
      case "media_type": if (value !== undefined && !check80(value)) return false; break;
      case "data": if (value !== undefined && !check81(value)) return false; break;
      case "url": if (value !== undefined && !check82(value)) return false; break;
      case "path": if (value !== undefined && !check83(value)) return false; break;
      case "file_id": if (value !== undefined && !check84(value)) return false; break;
      case "filename": if (value !== undefined && !check85(value)) return false; break;
      case "title": if (value !== undefined && !check86(value)) return false; break;
      case "text": if (value !== undefined && !check87(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  if (!(check88(data) ? check68(data) : true)) return false;
  return true;
}
function check11(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["id"] === undefined) return false;
  if (data["title"] === undefined) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check89(value)) return false; break;
      case "id": if (value !== undefined && !check90(value)) return false; break;
      case "title": if (value !== undefined && !check91(value)) return false; break;
      case "status": if (value !== undefined && !check92(value)) return false; break;
      case "blocked_reason": if (value !== undefined && !check93(value)) return false; break;
      case "description": if (value !== undefined && !check94(value)) return false; break;
      case "subitems": if (value !== undefined && !check95(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  if (!(check98(data) ? check96(data) : check97(data))) return false;
  return true;
}
function check12(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["files"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check99(value)) return false; break;
      case "files": if (value !== undefined && !check100(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check13(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["command"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check101(value)) return false; break;
      case "command": if (value !== undefined && !check102(value)) return false; break;
      case "cwd": if (value !== undefined && !check103(value)) return false; break;
      case "exit_code": if (value !== undefined && !check104(value)) return false; break;
      case "output": if (value !== undefined && !check105(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check106(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check14(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check107(value)) return false; break;
      case "text": if (value !== undefined && !check108(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check15(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["encrypted_content"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check109(value)) return false; break;
      case "strategy": if (value !== undefined && !check110(value)) return false; break;
      case "summary": if (value !== undefined && !check111(value)) return false; break;
      case "encrypted_content": if (value !== undefined && !check112(value)) return false; break;
      case "id": if (value !== undefined && !check113(value)) return false; break;
      case "tokens_before": if (value !== undefined && !check114(value)) return false; break;
      case "tokens_after": if (value !== undefined && !check115(value)) return false; break;
      case "replaced_messages": if (value !== undefined && !check116(value)) return false; break;
      case "issuer": if (value !== undefined && !check24(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check16(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check117(value)) return false; break;
      case "text": if (value !== undefined && !check118(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check17(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["native_type"] === undefined) return false;
  if (data["data"] === undefined) return false;
  if (data["issuer"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check119(value)) return false; break;
      case "native_type": if (value !== undefined && !check120(value)) return false; break;
      case "data": if (value !== undefined && !check121(value)) return false; break;
      case "issuer": if (value !== undefined && !check24(value)) return false; break;
      case "fidelity": if (value !== undefined && !check25(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check18(data) {
  if (!(typeof data === "string")) return false;
  if (check122(data)) return false;
  return true;
}
function check19(data) {
  if (!members1.has(data)) return false;
  return true;
}
function check20(data) {
  if (data !== "text") return false;
  return true;
}
function check21(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check22(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check123(data[index])) return false;
  return true;
}
function check23(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check24(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["provider"] === undefined) return false;
  if (data["provider"] !== undefined && !check124(data["provider"])) return false;
  if (data["api"] !== undefined && !check125(data["api"])) return false;
  if (data["model"] !== undefined && !check126(data["model"])) return false;
  return true;
}
function check25(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check26(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      default: if (!check127(value)) return false; break;
    }
  }
  return true;
}
function check27(data) {
  if (data !== "reasoning") return false;
  return true;
}
function check28(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check29(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check128(data[index])) return false;
  return true;
}
function check30(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check31(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check32(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check33(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check34(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check35(data) {
  if (data !== "tool_call") return false;
  return true;
}
function check36(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check37(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check38(data) {
  return true;
}
function check39(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check40(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check41(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check42(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check43(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check44(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check45(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["raw_input"] === undefined) return false;
    if (data["input_error"] === undefined) return false;
  }
  return true;
}
function check46(data) {
  if (check129(data)) return false;
  return true;
}
function check47(data) {
  if (data !== "tool_result") return false;
  return true;
}
function check48(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check49(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check50(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check51(data) {
  return true;
}
function check52(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check0(data[index])) return false;
  return true;
}
function check53(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check54(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check55(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check56(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check57(data) {
  if (data !== true) return false;
  return true;
}
function check58(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check59(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "string_prefix" || data === "array_prefix" || data === "object_prefix")) return false;
  return true;
}
function check60(data) {
  if (data !== "image") return false;
  return true;
}
function check61(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check62(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check63(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check64(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern2.test(data)) return false;
  return true;
}
function check65(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check66(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check67(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check68(data) {
  return false;
}
function check69(data) {
  if (check130(data)) return false;
  return true;
}
function check70(data) {
  if (data !== "audio") return false;
  return true;
}
function check71(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check72(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check73(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check74(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern2.test(data)) return false;
  return true;
}
function check75(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check76(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check77(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check78(data) {
  if (check131(data)) return false;
  return true;
}
function check79(data) {
  if (data !== "file") return false;
  return true;
}
function check80(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check81(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check82(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check83(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern2.test(data)) return false;
  return true;
}
function check84(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check85(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check86(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check87(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check88(data) {
  if (check132(data)) return false;
  return true;
}
function check89(data) {
  if (data !== "plan_step") return false;
  return true;
}
function check90(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check91(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check92(data) {
  if (!(typeof data === "string")) return false;
  if (!members3.has(data)) return false;
  return true;
}
function check93(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check94(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check95(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check133(data[index])) return false;
  return true;
}
function check96(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] === undefined) return false;
    if (data["blocked_reason"] !== undefined && !check134(data["blocked_reason"])) return false;
  }
  return true;
}
function check97(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] !== undefined && !check135(data["blocked_reason"])) return false;
  }
  return true;
}
function check98(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["status"] === undefined) return false;
    if (data["status"] !== undefined && !check136(data["status"])) return false;
  }
  return true;
}
function check99(data) {
  if (data !== "code_diff") return false;
  return true;
}
function check100(data) {
  if (!(Array.isArray(data))) return false;
  if (data.length < 1) return false;
  for (let index = 0; index < data.length; index += 1) if (!check137(data[index])) return false;
  return true;
}
function check101(data) {
  if (data !== "command") return false;
  return true;
}
function check102(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check103(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check104(data) {
  if (!(Number.isInteger(data))) return false;
  return true;
}
function check105(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check106(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check107(data) {
  if (data !== "refusal") return false;
  return true;
}
function check108(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check109(data) {
  if (data !== "compaction") return false;
  return true;
}
function check110(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check111(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check112(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check113(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check114(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check115(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check116(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check117(data) {
  if (data !== "stream_chunk") return false;
  return true;
}
function check118(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check119(data) {
  if (data !== "native") return false;
  return true;
}
function check120(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check121(data) {
  return true;
}
function check122(data) {
  if (!members1.has(data)) return false;
  return true;
}
function check123(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "kind": if (value !== undefined && !check138(value)) return false; break;
      case "url": if (value !== undefined && !check139(value)) return false; break;
      case "title": if (value !== undefined && !check140(value)) return false; break;
      case "cited_text": if (value !== undefined && !check141(value)) return false; break;
      case "start_index": if (value !== undefined && !check142(value)) return false; break;
      case "end_index": if (value !== undefined && !check143(value)) return false; break;
      case "document_index": if (value !== undefined && !check144(value)) return false; break;
      case "document_title": if (value !== undefined && !check145(value)) return false; break;
      case "file_id": if (value !== undefined && !check146(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check26(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check124(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern4.test(data)) return false;
  return true;
}
function check125(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check126(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check127(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  return true;
}
function check128(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check129(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["input"] === undefined) return false;
  }
  return true;
}
function check130(data) {
  if (!(check147(data) || check148(data) || check149(data) || check150(data))) return false;
  return true;
}
function check131(data) {
  if (!(check151(data) || check152(data) || check153(data) || check154(data))) return false;
  return true;
}
function check132(data) {
  if (!(check155(data) || check156(data) || check157(data) || check158(data) || check159(data))) return false;
  return true;
}
function check133(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["id"] === undefined) return false;
  if (data["title"] === undefined) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "id": if (value !== undefined && !check160(value)) return false; break;
      case "title": if (value !== undefined && !check161(value)) return false; break;
      case "status": if (value !== undefined && !check92(value)) return false; break;
      case "blocked_reason": if (value !== undefined && !check162(value)) return false; break;
      case "description": if (value !== undefined && !check163(value)) return false; break;
      case "subitems": if (value !== undefined && !check164(value)) return false; break;
      default: break;
    }
  }
  if (!(check167(data) ? check165(data) : check166(data))) return false;
  return true;
}
function check134(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check135(data) {
  if (!(data === null)) return false;
  return true;
}
function check136(data) {
  if (data !== "blocked") return false;
  return true;
}
function check137(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["path"] === undefined) return false;
  if (data["change"] === undefined) return false;
  if (data["binary"] === undefined) return false;
  if (data["hunks"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "path": if (value !== undefined && !check168(value)) return false; break;
      case "old_path": if (value !== undefined && !check169(value)) return false; break;
      case "change": if (value !== undefined && !check170(value)) return false; break;
      case "binary": if (value !== undefined && !check171(value)) return false; break;
      case "old_mode": if (value !== undefined && !check172(value)) return false; break;
      case "new_mode": if (value !== undefined && !check173(value)) return false; break;
      case "hunks": if (value !== undefined && !check174(value)) return false; break;
      default: break;
    }
  }
  if (!(check176(data) ? check175(data) : true)) return false;
  return true;
}
function check138(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check139(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check140(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check141(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check142(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check143(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check144(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check145(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check146(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check147(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check148(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check149(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check150(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
function check151(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check152(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check153(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check154(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
function check155(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check156(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check157(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check158(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
function check159(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["text"] === undefined) return false;
  }
  return true;
}
function check160(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check161(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check162(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check163(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check164(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check133(data[index])) return false;
  return true;
}
function check165(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] === undefined) return false;
    if (data["blocked_reason"] !== undefined && !check177(data["blocked_reason"])) return false;
  }
  return true;
}
function check166(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] !== undefined && !check178(data["blocked_reason"])) return false;
  }
  return true;
}
function check167(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["status"] === undefined) return false;
    if (data["status"] !== undefined && !check179(data["status"])) return false;
  }
  return true;
}
function check168(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check169(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check170(data) {
  if (!(typeof data === "string")) return false;
  if (!members5.has(data)) return false;
  return true;
}
function check171(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check172(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern6.test(data)) return false;
  return true;
}
function check173(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern6.test(data)) return false;
  return true;
}
function check174(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check180(data[index])) return false;
  return true;
}
function check175(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["old_path"] === undefined) return false;
  }
  return true;
}
function check176(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["change"] === undefined) return false;
    if (data["change"] !== undefined && !check181(data["change"])) return false;
  }
  return true;
}
function check177(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check178(data) {
  if (!(data === null)) return false;
  return true;
}
function check179(data) {
  if (data !== "blocked") return false;
  return true;
}
function check180(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["old_start"] === undefined) return false;
  if (data["old_lines"] === undefined) return false;
  if (data["new_start"] === undefined) return false;
  if (data["new_lines"] === undefined) return false;
  if (data["lines"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "old_start": if (value !== undefined && !check182(value)) return false; break;
      case "old_lines": if (value !== undefined && !check183(value)) return false; break;
      case "new_start": if (value !== undefined && !check184(value)) return false; break;
      case "new_lines": if (value !== undefined && !check185(value)) return false; break;
      case "header": if (value !== undefined && !check186(value)) return false; break;
      case "lines": if (value !== undefined && !check187(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check181(data) {
  if (!(data === "renamed" || data === "copied")) return false;
  return true;
}
function check182(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check183(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check184(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check185(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check186(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check187(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check188(data[index])) return false;
  return true;
}
function check188(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["kind"] === undefined) return false;
  if (data["text"] === undefined) return false;
  if (data["kind"] !== undefined && !check189(data["kind"])) return false;
  if (data["text"] !== undefined && !check190(data["text"])) return false;
  return true;
}
function check189(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "context" || data === "added" || data === "removed" || data === "no_newline")) return false;
  return true;
}
function check190(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
export const Part = check0;
