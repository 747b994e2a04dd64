// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/part.schema.json
// Regenerate: pnpm generate
// Variant: strict (specialised yes/no checks; ajv's validator is the reference)

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
const branches0 = new Map([["text", check1], ["reasoning", check2], ["tool_call", check3], ["tool_result", check4], ["image", check5], ["audio", check6], ["file", check7], ["plan_step", check8], ["code_diff", check9], ["command", check10], ["refusal", check11], ["compaction", check12], ["stream_chunk", check13], ["native", check14]]);
const pattern1 = new RegExp("^(?:[^/\\n\\r  ]{3,}|[^./\\n\\r  ][^/\\n\\r  ]?|\\.[^./\\n\\r  ]?)(?:/(?:[^/\\n\\r  ]{3,}|[^./\\n\\r  ][^/\\n\\r  ]?|\\.[^./\\n\\r  ]?)?)*$", "u");
const members2 = new Set(["pending", "in_progress", "complete", "blocked", "cancelled"]);
const pattern3 = new RegExp("^[a-z0-9][a-z0-9.-]*$", "u");
const members4 = new Set(["added", "modified", "deleted", "renamed", "copied"]);
const pattern5 = new RegExp("^[0-7]{6}$", "u");
function check0(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const branch = typeof data["type"] === "string" ? branches0.get(data["type"]) : undefined;
  if (branch === undefined || !branch(data)) return false;
  return true;
}
function check1(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check15(value)) return false; break;
      case "text": if (value !== undefined && !check16(value)) return false; break;
      case "citations": if (value !== undefined && !check17(value)) return false; break;
      case "signature": if (value !== undefined && !check18(value)) return false; break;
      case "issuer": if (value !== undefined && !check19(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check2(data) {
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
      case "type": if (value !== undefined && !check22(value)) return false; break;
      case "text": if (value !== undefined && !check23(value)) return false; break;
      case "summary": if (value !== undefined && !check24(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check25(value)) return false; break;
      case "signature": if (value !== undefined && !check26(value)) return false; break;
      case "encrypted_content": if (value !== undefined && !check27(value)) return false; break;
      case "redacted_data": if (value !== undefined && !check28(value)) return false; break;
      case "id": if (value !== undefined && !check29(value)) return false; break;
      case "issuer": if (value !== undefined && !check19(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check3(data) {
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
      case "type": if (value !== undefined && !check30(value)) return false; break;
      case "id": if (value !== undefined && !check31(value)) return false; break;
      case "name": if (value !== undefined && !check32(value)) return false; break;
      case "input": if (value !== undefined && !check33(value)) return false; break;
      case "raw_input": if (value !== undefined && !check34(value)) return false; break;
      case "input_error": if (value !== undefined && !check35(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check36(value)) return false; break;
      case "native_type": if (value !== undefined && !check37(value)) return false; break;
      case "item_id": if (value !== undefined && !check38(value)) return false; break;
      case "signature": if (value !== undefined && !check39(value)) return false; break;
      case "issuer": if (value !== undefined && !check19(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  if (!(check41(data) ? check40(data) : true)) return false;
  return true;
}
function check4(data) {
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
      case "type": if (value !== undefined && !check42(value)) return false; break;
      case "call_id": if (value !== undefined && !check43(value)) return false; break;
      case "name": if (value !== undefined && !check44(value)) return false; break;
      case "status": if (value !== undefined && !check45(value)) return false; break;
      case "output": if (value !== undefined && !check46(value)) return false; break;
      case "content": if (value !== undefined && !check47(value)) return false; break;
      case "error": if (value !== undefined && !check48(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check49(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check50(value)) return false; break;
      case "native_type": if (value !== undefined && !check51(value)) return false; break;
      case "truncated": if (value !== undefined && !check52(value)) return false; break;
      case "original_size_bytes": if (value !== undefined && !check53(value)) return false; break;
      case "truncation_strategy": if (value !== undefined && !check54(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check5(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check55(value)) return false; break;
      case "media_type": if (value !== undefined && !check56(value)) return false; break;
      case "data": if (value !== undefined && !check57(value)) return false; break;
      case "url": if (value !== undefined && !check58(value)) return false; break;
      case "path": if (value !== undefined && !check59(value)) return false; break;
      case "file_id": if (value !== undefined && !check60(value)) return false; break;
      case "detail": if (value !== undefined && !check61(value)) return false; break;
      case "alt": if (value !== undefined && !check62(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  if (!(check64(data) ? check63(data) : true)) return false;
  return true;
}
function check6(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check65(value)) return false; break;
      case "media_type": if (value !== undefined && !check66(value)) return false; break;
      case "data": if (value !== undefined && !check67(value)) return false; break;
      case "url": if (value !== undefined && !check68(value)) return false; break;
      case "path": if (value !== undefined && !check69(value)) return false; break;
      case "file_id": if (value !== undefined && !check70(value)) return false; break;
      case "transcript": if (value !== undefined && !check71(value)) return false; break;
      case "id": if (value !== undefined && !check72(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  if (!(check73(data) ? check63(data) : true)) return false;
  return true;
}
function check7(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check74(value)) return false; break;
      case "media_type": if (value !== undefined && !check75(value)) return false; break;
      case "data": if (value !== undefined && !check76(value)) return false; break;
      case "url": if (value !== undefined && !check77(value)) return false; break;
      case "path": if (value !== undefined && !check78(value)) return false; break;
      case "file_id": if (value !== undefined && !check79(value)) return false; break;
      case "filename": if (value !== undefined && !check80(value)) return false; break;
      case "title": if (value !== undefined && !check81(value)) return false; break;
      case "text": if (value !== undefined && !check82(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  if (!(check83(data) ? check63(data) : true)) return false;
  return true;
}
function check8(data) {
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
      case "type": if (value !== undefined && !check84(value)) return false; break;
      case "id": if (value !== undefined && !check85(value)) return false; break;
      case "title": if (value !== undefined && !check86(value)) return false; break;
      case "status": if (value !== undefined && !check87(value)) return false; break;
      case "blocked_reason": if (value !== undefined && !check88(value)) return false; break;
      case "description": if (value !== undefined && !check89(value)) return false; break;
      case "subitems": if (value !== undefined && !check90(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  if (!(check93(data) ? check91(data) : check92(data))) return false;
  return true;
}
function check9(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["files"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check94(value)) return false; break;
      case "files": if (value !== undefined && !check95(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check10(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["command"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check96(value)) return false; break;
      case "command": if (value !== undefined && !check97(value)) return false; break;
      case "cwd": if (value !== undefined && !check98(value)) return false; break;
      case "exit_code": if (value !== undefined && !check99(value)) return false; break;
      case "output": if (value !== undefined && !check100(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check101(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check11(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check102(value)) return false; break;
      case "text": if (value !== undefined && !check103(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check12(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["encrypted_content"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check104(value)) return false; break;
      case "strategy": if (value !== undefined && !check105(value)) return false; break;
      case "summary": if (value !== undefined && !check106(value)) return false; break;
      case "encrypted_content": if (value !== undefined && !check107(value)) return false; break;
      case "id": if (value !== undefined && !check108(value)) return false; break;
      case "tokens_before": if (value !== undefined && !check109(value)) return false; break;
      case "tokens_after": if (value !== undefined && !check110(value)) return false; break;
      case "replaced_messages": if (value !== undefined && !check111(value)) return false; break;
      case "issuer": if (value !== undefined && !check19(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check13(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check112(value)) return false; break;
      case "text": if (value !== undefined && !check113(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check14(data) {
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
      case "type": if (value !== undefined && !check114(value)) return false; break;
      case "native_type": if (value !== undefined && !check115(value)) return false; break;
      case "data": if (value !== undefined && !check116(value)) return false; break;
      case "issuer": if (value !== undefined && !check19(value)) return false; break;
      case "fidelity": if (value !== undefined && !check20(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check15(data) {
  if (data !== "text") return false;
  return true;
}
function check16(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check17(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check117(data[index])) return false;
  return true;
}
function check18(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check19(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["provider"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "provider": if (value !== undefined && !check118(value)) return false; break;
      case "api": if (value !== undefined && !check119(value)) return false; break;
      case "model": if (value !== undefined && !check120(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check20(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "router" || data === "agent_emitted")) return false;
  return true;
}
function check21(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      default: if (!check121(value)) return false; break;
    }
  }
  return true;
}
function check22(data) {
  if (data !== "reasoning") return false;
  return true;
}
function check23(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check24(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check122(data[index])) return false;
  return true;
}
function check25(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check26(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check27(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check28(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check29(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check30(data) {
  if (data !== "tool_call") return false;
  return true;
}
function check31(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check32(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check33(data) {
  return true;
}
function check34(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check35(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check36(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check37(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check38(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check39(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check40(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["raw_input"] === undefined) return false;
    if (data["input_error"] === undefined) return false;
  }
  return true;
}
function check41(data) {
  if (check123(data)) return false;
  return true;
}
function check42(data) {
  if (data !== "tool_result") return false;
  return true;
}
function check43(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check44(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check45(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "ok" || data === "error" || data === "denied" || data === "interrupted")) return false;
  return true;
}
function check46(data) {
  return true;
}
function check47(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check0(data[index])) return false;
  return true;
}
function check48(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check49(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check50(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check51(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check52(data) {
  if (data !== true) return false;
  return true;
}
function check53(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check54(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "string_prefix" || data === "array_prefix" || data === "object_prefix")) return false;
  return true;
}
function check55(data) {
  if (data !== "image") return false;
  return true;
}
function check56(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check57(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check58(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check59(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern1.test(data)) return false;
  return true;
}
function check60(data) {
  if (!(typeof data === "string")) return false;
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
  return false;
}
function check64(data) {
  if (check124(data)) return false;
  return true;
}
function check65(data) {
  if (data !== "audio") return false;
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
  if (!(typeof data === "string")) return false;
  return true;
}
function check69(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern1.test(data)) return false;
  return true;
}
function check70(data) {
  if (!(typeof data === "string")) return false;
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
  if (check125(data)) return false;
  return true;
}
function check74(data) {
  if (data !== "file") return false;
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
  if (!(typeof data === "string")) return false;
  if (!pattern1.test(data)) return false;
  return true;
}
function check79(data) {
  if (!(typeof data === "string")) return false;
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
  if (check126(data)) return false;
  return true;
}
function check84(data) {
  if (data !== "plan_step") return false;
  return true;
}
function check85(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check86(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check87(data) {
  if (!(typeof data === "string")) return false;
  if (!members2.has(data)) return false;
  return true;
}
function check88(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check89(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check90(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check127(data[index])) return false;
  return true;
}
function check91(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] === undefined) return false;
    if (data["blocked_reason"] !== undefined && !check128(data["blocked_reason"])) return false;
  }
  return true;
}
function check92(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] !== undefined && !check129(data["blocked_reason"])) return false;
  }
  return true;
}
function check93(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["status"] === undefined) return false;
    if (data["status"] !== undefined && !check130(data["status"])) return false;
  }
  return true;
}
function check94(data) {
  if (data !== "code_diff") return false;
  return true;
}
function check95(data) {
  if (!(Array.isArray(data))) return false;
  if (data.length < 1) return false;
  for (let index = 0; index < data.length; index += 1) if (!check131(data[index])) return false;
  return true;
}
function check96(data) {
  if (data !== "command") return false;
  return true;
}
function check97(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check98(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check99(data) {
  if (!(Number.isInteger(data))) return false;
  return true;
}
function check100(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check101(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check102(data) {
  if (data !== "refusal") return false;
  return true;
}
function check103(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check104(data) {
  if (data !== "compaction") return false;
  return true;
}
function check105(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "summary" || data === "edit" || data === "trim")) return false;
  return true;
}
function check106(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check107(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check108(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check109(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check110(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check111(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check112(data) {
  if (data !== "stream_chunk") return false;
  return true;
}
function check113(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check114(data) {
  if (data !== "native") return false;
  return true;
}
function check115(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check116(data) {
  return true;
}
function check117(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "kind": if (value !== undefined && !check132(value)) return false; break;
      case "url": if (value !== undefined && !check133(value)) return false; break;
      case "title": if (value !== undefined && !check134(value)) return false; break;
      case "cited_text": if (value !== undefined && !check135(value)) return false; break;
      case "start_index": if (value !== undefined && !check136(value)) return false; break;
      case "end_index": if (value !== undefined && !check137(value)) return false; break;
      case "document_index": if (value !== undefined && !check138(value)) return false; break;
      case "document_title": if (value !== undefined && !check139(value)) return false; break;
      case "file_id": if (value !== undefined && !check140(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check21(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check118(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern3.test(data)) return false;
  return true;
}
function check119(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check120(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check121(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  return true;
}
function check122(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check123(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["input"] === undefined) return false;
  }
  return true;
}
function check124(data) {
  if (!(check141(data) || check142(data) || check143(data) || check144(data))) return false;
  return true;
}
function check125(data) {
  if (!(check145(data) || check146(data) || check147(data) || check148(data))) return false;
  return true;
}
function check126(data) {
  if (!(check149(data) || check150(data) || check151(data) || check152(data) || check153(data))) return false;
  return true;
}
function check127(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["id"] === undefined) return false;
  if (data["title"] === undefined) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "id": if (value !== undefined && !check154(value)) return false; break;
      case "title": if (value !== undefined && !check155(value)) return false; break;
      case "status": if (value !== undefined && !check87(value)) return false; break;
      case "blocked_reason": if (value !== undefined && !check156(value)) return false; break;
      case "description": if (value !== undefined && !check157(value)) return false; break;
      case "subitems": if (value !== undefined && !check158(value)) return false; break;
      default: return false;
    }
  }
  if (!(check161(data) ? check159(data) : check160(data))) return false;
  return true;
}
function check128(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check129(data) {
  if (!(data === null)) return false;
  return true;
}
function check130(data) {
  if (data !== "blocked") return false;
  return true;
}
function check131(data) {
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
      case "path": if (value !== undefined && !check162(value)) return false; break;
      case "old_path": if (value !== undefined && !check163(value)) return false; break;
      case "change": if (value !== undefined && !check164(value)) return false; break;
      case "binary": if (value !== undefined && !check165(value)) return false; break;
      case "old_mode": if (value !== undefined && !check166(value)) return false; break;
      case "new_mode": if (value !== undefined && !check167(value)) return false; break;
      case "hunks": if (value !== undefined && !check168(value)) return false; break;
      default: return false;
    }
  }
  if (!(check170(data) ? check169(data) : true)) return false;
  return true;
}
function check132(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "url" || data === "document" || data === "search_result" || data === "file")) return false;
  return true;
}
function check133(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check134(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check135(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check136(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check137(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check138(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
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
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check142(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check143(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check144(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
function check145(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check146(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check147(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check148(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
function check149(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check150(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check151(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check152(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
function check153(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["text"] === undefined) return false;
  }
  return true;
}
function check154(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check155(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check156(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check157(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check158(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check127(data[index])) return false;
  return true;
}
function check159(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] === undefined) return false;
    if (data["blocked_reason"] !== undefined && !check171(data["blocked_reason"])) return false;
  }
  return true;
}
function check160(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] !== undefined && !check172(data["blocked_reason"])) return false;
  }
  return true;
}
function check161(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["status"] === undefined) return false;
    if (data["status"] !== undefined && !check173(data["status"])) return false;
  }
  return true;
}
function check162(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check163(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check164(data) {
  if (!(typeof data === "string")) return false;
  if (!members4.has(data)) return false;
  return true;
}
function check165(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check166(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern5.test(data)) return false;
  return true;
}
function check167(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern5.test(data)) return false;
  return true;
}
function check168(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check174(data[index])) return false;
  return true;
}
function check169(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["old_path"] === undefined) return false;
  }
  return true;
}
function check170(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["change"] === undefined) return false;
    if (data["change"] !== undefined && !check175(data["change"])) return false;
  }
  return true;
}
function check171(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check172(data) {
  if (!(data === null)) return false;
  return true;
}
function check173(data) {
  if (data !== "blocked") return false;
  return true;
}
function check174(data) {
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
      case "old_start": if (value !== undefined && !check176(value)) return false; break;
      case "old_lines": if (value !== undefined && !check177(value)) return false; break;
      case "new_start": if (value !== undefined && !check178(value)) return false; break;
      case "new_lines": if (value !== undefined && !check179(value)) return false; break;
      case "header": if (value !== undefined && !check180(value)) return false; break;
      case "lines": if (value !== undefined && !check181(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check175(data) {
  if (!(data === "renamed" || data === "copied")) return false;
  return true;
}
function check176(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check177(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check178(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check179(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check180(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check181(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check182(data[index])) return false;
  return true;
}
function check182(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["kind"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "kind": if (value !== undefined && !check183(value)) return false; break;
      case "text": if (value !== undefined && !check184(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check183(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "context" || data === "added" || data === "removed" || data === "no_newline")) return false;
  return true;
}
function check184(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
export const Part = check0;
