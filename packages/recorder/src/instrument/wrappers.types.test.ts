import type Anthropic from "@anthropic-ai/sdk";
import type { GoogleGenAI } from "@google/genai";
import type { LanguageModelMiddleware, wrapLanguageModel } from "ai";
import type { Ollama } from "ollama";
import type { AzureOpenAI, OpenAI } from "openai";
import { describe, expectTypeOf, it } from "vitest";
import type { Recorder } from "../writer/recorder-types.js";
import { recordingMiddleware, type AiSdkTypes } from "./ai-sdk.js";
import { wrapAnthropic } from "./anthropic.js";
import { wrapGoogleGenAI } from "./google-genai.js";
import { wrapOllama } from "./ollama.js";
import { wrapOpenAI } from "./openai.js";

describe("the wrappers' types", () => {
  it("are the clients' own: a wrapped client is typed as the client given, a subclass as itself", () => {
    expectTypeOf(wrapOpenAI<OpenAI>).returns.toEqualTypeOf<OpenAI>();
    expectTypeOf(wrapOpenAI<AzureOpenAI>).returns.toEqualTypeOf<AzureOpenAI>();
    expectTypeOf(wrapAnthropic<Anthropic>).returns.toEqualTypeOf<Anthropic>();
    expectTypeOf(wrapGoogleGenAI<GoogleGenAI>).returns.toEqualTypeOf<GoogleGenAI>();
    expectTypeOf(wrapOllama<Ollama>).returns.toEqualTypeOf<Ollama>();
    expectTypeOf(recordingMiddleware).parameter(0).toEqualTypeOf<Recorder>();
  });

  it("take each SDK's client and refuse the others', though they name no SDK", () => {
    expectTypeOf<OpenAI>().toExtend<Parameters<typeof wrapOpenAI>[0]>();
    expectTypeOf<AzureOpenAI>().toExtend<Parameters<typeof wrapOpenAI>[0]>();
    expectTypeOf<Anthropic>().toExtend<Parameters<typeof wrapAnthropic>[0]>();
    expectTypeOf<GoogleGenAI>().toExtend<Parameters<typeof wrapGoogleGenAI>[0]>();
    expectTypeOf<Ollama>().toExtend<Parameters<typeof wrapOllama>[0]>();
    expectTypeOf<Anthropic>().not.toExtend<Parameters<typeof wrapOpenAI>[0]>();
    expectTypeOf<OpenAI>().not.toExtend<Parameters<typeof wrapAnthropic>[0]>();
    expectTypeOf<Ollama>().not.toExtend<Parameters<typeof wrapGoogleGenAI>[0]>();
    expectTypeOf<GoogleGenAI>().not.toExtend<Parameters<typeof wrapOllama>[0]>();
  });

  it("give a middleware of our own declared type, which is the AI SDK's in both directions", () => {
    expectTypeOf(recordingMiddleware).returns.not.toBeAny();
    expectTypeOf(recordingMiddleware).returns.toEqualTypeOf<AiSdkTypes.LanguageModelV3Middleware>();
    // What `wrapLanguageModel` takes…
    expectTypeOf<AiSdkTypes.LanguageModelV3Middleware>().toExtend<LanguageModelMiddleware>();
    expectTypeOf(recordingMiddleware).returns.toExtend<Parameters<typeof wrapLanguageModel>[0]["middleware"]>();
    // …and what it hands a middleware: the call options, the prompt, the results and the stream parts.
    expectTypeOf<LanguageModelMiddleware>().toExtend<AiSdkTypes.LanguageModelV3Middleware>();
    type SdkWrapGenerate = Parameters<NonNullable<LanguageModelMiddleware["wrapGenerate"]>>[0];
    type OurWrapGenerate = Parameters<NonNullable<AiSdkTypes.LanguageModelV3Middleware["wrapGenerate"]>>[0];
    expectTypeOf<SdkWrapGenerate["params"]>().toExtend<OurWrapGenerate["params"]>();
    expectTypeOf<OurWrapGenerate["params"]>().toExtend<SdkWrapGenerate["params"]>();
    expectTypeOf<Awaited<ReturnType<SdkWrapGenerate["doGenerate"]>>>().toExtend<
      Awaited<ReturnType<OurWrapGenerate["doGenerate"]>>
    >();
    expectTypeOf<Awaited<ReturnType<OurWrapGenerate["doGenerate"]>>>().toExtend<
      Awaited<ReturnType<SdkWrapGenerate["doGenerate"]>>
    >();
    expectTypeOf<Awaited<ReturnType<SdkWrapGenerate["doStream"]>>>().toExtend<
      Awaited<ReturnType<OurWrapGenerate["doStream"]>>
    >();
    expectTypeOf<Awaited<ReturnType<OurWrapGenerate["doStream"]>>>().toExtend<
      Awaited<ReturnType<SdkWrapGenerate["doStream"]>>
    >();
  });
});
