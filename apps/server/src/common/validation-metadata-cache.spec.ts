import { getMetadataStorage, IsInt, IsString, validateSync } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Base {
  @IsString()
  name!: unknown;
  count?: unknown;
}

const problems = (o: object) =>
  validateSync(o)
    .map((e) => e.property)
    .sort();

describe('cacheValidationMetadata', () => {
  it('answers as class-validator does, and a constraint or a class added after a lookup counts', () => {
    const storage = getMetadataStorage();
    const before = storage.getTargetValidationMetadatas(Base, '', true, false);
    cacheValidationMetadata(storage);
    cacheValidationMetadata(storage);
    expect(storage.getTargetValidationMetadatas(Base, '', true, false)).toEqual(before);
    // Each caller its own copy.
    storage.getTargetValidationMetadatas(Base, '', true, false).pop();
    expect(storage.getTargetValidationMetadatas(Base, '', true, false)).toEqual(before);
    expect(problems(Object.assign(new Base(), { name: 3 }))).toEqual(['name']);
    // A class defined after the first lookup inherits Base's constraint.
    class Child extends Base {
      @IsInt()
      age!: unknown;
    }
    expect(problems(Object.assign(new Child(), { name: 3, age: 'x' }))).toEqual(['age', 'name']);
    // A constraint added to Base after its lookup was kept.
    IsInt()(Base.prototype, 'count');
    expect(problems(Object.assign(new Base(), { name: 'x', count: 'y' }))).toEqual(['count']);
    expect(problems(Object.assign(new Child(), { name: 'x', count: 'y', age: 1 }))).toEqual(['count']);
  });
});
